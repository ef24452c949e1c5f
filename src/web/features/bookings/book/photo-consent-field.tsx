import { GALLERY_TEXT } from '../../../../shared/gallery-text';

/** The optional photo consent on /book (decision 1244): unticked by default; the business may then show the job's photos. */
export function PhotoConsentField(props: React.ComponentProps<'input'>) {
  return (
    <label className="flex items-start gap-2 text-sm text-slate-700 sm:col-span-2">
      <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-[var(--color-accent)]" {...props} />
      <span>
        {GALLERY_TEXT.consentLabel} (optional). {GALLERY_TEXT.consentHint}
      </span>
    </label>
  );
}
