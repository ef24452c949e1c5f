// The photo downscale off the page's thread (docs/decisions/1300): a file in, the bytes to store out (transferred).
import { type DownscaleTrace, downscalePhoto } from './downscale';

export interface DownscaleRequest {
  id: number;
  file: Blob;
}
export type DownscaleReply =
  | { id: number; ok: true; photo: Awaited<ReturnType<typeof downscalePhoto>>; trace: DownscaleTrace }
  | { id: number; ok: false; message: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DownscaleRequest>) => void) | null;
  postMessage: (message: DownscaleReply, transfer?: Transferable[]) => void;
};

scope.onmessage = async ({ data }) => {
  const trace: DownscaleTrace = { path: 'decode', qualities: [] };
  try {
    const photo = await downscalePhoto(data.file, trace);
    scope.postMessage({ id: data.id, ok: true, photo, trace }, [photo.bytes]);
  } catch (error) {
    scope.postMessage({
      id: data.id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    });
  }
};
