import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { FIELD_INPUT, FIELD_LABEL, FieldButton } from './field-button';

/** The customer signs on the phone; the job completes with the signature as a PNG and the signer's name. */
export function SignaturePanel({
  defaultName,
  onDone,
  onCancel,
}: {
  defaultName: string;
  onDone: (signature: { pngBase64: string; signerName: string }) => void;
  onCancel: () => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [name, setName] = useState(defaultName);
  const [error, setError] = useState('');

  useEffect(() => {
    const el = canvas.current!;
    // Sharp lines on high-density screens: the canvas in device pixels, drawn in CSS pixels.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    el.width = el.offsetWidth * ratio;
    el.height = el.offsetHeight * ratio;
    el.getContext('2d')!.scale(ratio, ratio);
    pad.current = new SignaturePad(el, { backgroundColor: 'rgb(255,255,255)', penColor: '#0f172a' });
    return () => pad.current?.off();
  }, []);

  const complete = () => {
    if (!pad.current || pad.current.isEmpty()) return setError('Ask the customer to sign');
    if (!name.trim()) return setError("Enter the signer's name");
    const pngBase64 = pad.current.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
    onDone({ pngBase64, signerName: name.trim() });
  };

  return (
    <section aria-label="Customer signature" className="space-y-3 rounded-xl bg-white p-4 ring-2 ring-accent">
      <h2 className="text-base font-semibold">Customer signature</h2>
      <canvas
        ref={canvas}
        aria-label="Signature pad: sign here"
        className="h-48 w-full touch-none rounded-lg border border-dashed border-slate-400 bg-white"
      />
      <div className="flex justify-end">
        <FieldButton variant="ghost" onClick={() => pad.current?.clear()}>
          Clear
        </FieldButton>
      </div>
      <div className="space-y-1">
        <label htmlFor="signer-name" className={FIELD_LABEL}>
          Signer name
        </label>
        <input
          className={FIELD_INPUT}
          id="signer-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <FieldButton variant="outline" size="lg" className="flex-1" onClick={onCancel}>
          Cancel
        </FieldButton>
        <FieldButton size="lg" className="flex-1" onClick={complete}>
          Complete job
        </FieldButton>
      </div>
    </section>
  );
}
