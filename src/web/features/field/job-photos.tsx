import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Camera } from 'lucide-react';
import { useId, useState } from 'react';
import { fieldKeys } from '../../lib/field-keys';
import { notify } from './field-toast';
import { act, fieldDb } from './offline/field-sync';
import type { JobView } from './offline/overlay';

const LABELS = { before: 'Before photos', after: 'After photos' } as const;

/** Object URLs of the photos still on the phone, for the thumbnails shown before they are uploaded. */
function useLocalPhotoUrls(jobId: string) {
  return useQuery({
    queryKey: fieldKeys.localPhotos(jobId),
    queryFn: async () => {
      const photos = await fieldDb.photos.where('jobId').equals(jobId).toArray();
      return new Map(photos.map((p) => [p.id, URL.createObjectURL(new Blob([p.bytes], { type: p.type }))]));
    },
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * An uploaded photo's thumbnail. With no signal it cannot load (it is the server's, not kept on the phone): a tile that
 * says it is saved stands in, not the alt text spilling out of the grid.
 */
function SentThumb({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <div
        role="img"
        aria-label={`${alt} (saved; shown when online)`}
        className="flex aspect-square w-full items-center justify-center rounded-lg bg-slate-200 p-1 text-center text-xs font-semibold text-slate-600"
      >
        Saved
      </div>
    );
  return (
    <img
      src={src}
      alt={alt}
      onError={() => setFailed(true)}
      className="aspect-square w-full rounded-lg object-cover"
    />
  );
}

/** Before or After: several photos from the camera or the library, made small and kept on the phone, then uploaded. */
export function PhotoSection({
  job,
  kind,
  disabled,
}: {
  job: JobView;
  kind: 'before' | 'after';
  disabled: boolean;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(0);
  const local = useLocalPhotoUrls(job.id).data;
  const sent = job.photos.filter((p) => p.kind === kind);
  const waiting = job.pendingPhotos.filter((p) => p.kind === kind);

  const add = async (files: FileList | null) => {
    const list = [...(files ?? [])];
    setBusy(list.length);
    for (const file of list) {
      try {
        // The downscale's code is fetched with the first photo, not with the day's list.
        const { preparePhoto } = await import('./offline/prepare-photo');
        const photo = await preparePhoto(file);
        const photoId = crypto.randomUUID();
        // The bytes first, then the action that sends them: an entry never points at missing bytes.
        await fieldDb.photos.put({ id: photoId, jobId: job.id, kind, ...photo });
        await queryClient.invalidateQueries({ queryKey: fieldKeys.localPhotos(job.id) });
        await act({
          kind: 'photo',
          jobId: job.id,
          photoId,
          body: { deviceTime: new Date().toISOString(), kind, width: photo.width, height: photo.height },
        });
      } catch (error) {
        notify.error('Photo not added', error instanceof Error ? error.message : String(error));
      }
      setBusy((n) => n - 1);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          {kind === 'before' ? 'Before' : 'After'}
        </h2>
        <label
          htmlFor={id}
          className={`inline-flex h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold ${disabled ? 'pointer-events-none opacity-50' : ''}`}
        >
          <Camera className="size-4" aria-hidden="true" />
          {busy > 0 ? 'Preparing…' : kind === 'before' ? 'Before' : 'After'}
        </label>
        <input
          id={id}
          type="file"
          accept="image/*"
          multiple
          aria-label={LABELS[kind]}
          name={`${kind}-photos`}
          className="sr-only"
          disabled={disabled}
          onChange={(e) => {
            void add(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
      </div>
      {sent.length + waiting.length === 0 ? (
        <p className="text-sm text-slate-500">No {kind} photos yet</p>
      ) : (
        <ul className="grid grid-cols-3 gap-2">
          {sent.map((p) => (
            <li key={p.id}>
              <SentThumb src={p.thumbUrl} alt={`${job.customer.name}'s vehicle, ${kind} the detail`} />
            </li>
          ))}
          {waiting.map((p) => (
            <li key={p.id} className="relative">
              {local?.get(p.id) ? (
                <img
                  src={local.get(p.id)}
                  alt={`${job.customer.name}'s vehicle, ${kind} the detail (waiting to upload)`}
                  className="aspect-square w-full rounded-lg object-cover opacity-80"
                />
              ) : (
                <div className="aspect-square w-full rounded-lg bg-slate-200" />
              )}
              <span className="absolute bottom-1 left-1 rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">
                Waiting
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
