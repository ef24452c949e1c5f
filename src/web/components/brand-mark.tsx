import type { AppliedBranding } from '../../shared/branding';
import { BRANDING_TEXT } from '../../shared/branding-text';

/** A white-labelled business's logo and name on its brand colour (decision 1315). */
export function BrandBand({ branding }: { branding: AppliedBranding }) {
  return (
    <div
      data-testid="brand-band"
      className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3"
      style={
        branding.color
          ? { backgroundColor: branding.color, color: branding.textColor ?? undefined }
          : undefined
      }
    >
      {branding.logoUrl && (
        <img
          src={branding.logoUrl}
          alt=""
          className="size-10 rounded object-contain"
          width={40}
          height={40}
        />
      )}
      <span className="text-lg font-semibold">{branding.displayName}</span>
    </div>
  );
}

/** Under a business's booking form: ShineRoute's credit, left out for a white-labelled business. */
export function PoweredBy() {
  return (
    <p data-testid="powered-by" className="text-center text-xs text-slate-600">
      {BRANDING_TEXT.poweredBy}
    </p>
  );
}
