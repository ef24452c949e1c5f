import { useId } from 'react';
import { GALLERY_TEXT } from '../../../../shared/gallery-text';

/**
 * The optional photo consent on /book (decision 1244): unticked by default; the business may then show the job's
 * photos. The checkbox is named by the consent alone; the fine print describes it, so the name stays short.
 */
export function PhotoConsentField(props: React.ComponentProps<'input'>) {
  const hintId = useId();
  return (
    <div className="flex items-start gap-2 text-sm text-slate-700 sm:col-span-2">
      <input
        id={props.id ?? `${hintId}-consent`}
        type="checkbox"
        aria-describedby={hintId}
        className="mt-0.5 size-4 shrink-0 accent-[var(--color-accent)]"
        {...props}
      />
      <div>
        <label htmlFor={props.id ?? `${hintId}-consent`}>{GALLERY_TEXT.consentLabel} (optional).</label>{' '}
        <span id={hintId}>{GALLERY_TEXT.consentHint}</span>
      </div>
    </div>
  );
}
