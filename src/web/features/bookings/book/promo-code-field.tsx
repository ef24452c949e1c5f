import { CheckCircle2, Tag, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PromoTerms } from '../../../../shared/discounts';
import { formatPromoDiscount } from '../../../../shared/promo-format';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import type { api } from '../../../lib/api';
import { endpoint, unwrap } from '../../../lib/api-fetch';
import { bookKeys } from '../../../lib/book-keys';
import { useRemote } from '../../../lib/use-remote';

const checkPromo = endpoint<(typeof api.api.public)['promo-codes']['check']['$post']>(
  'POST',
  '/api/public/promo-codes/check',
);

export type AppliedPromo = PromoTerms & { code: string };

/**
 * /book's promo code: Apply asks the server (each refusal has its own message) and hands the terms to the Price
 * Summary; it re-checks when the service, vehicle or email changes. The checkout applies the code again.
 */
export function PromoCodeField({
  businessId,
  serviceId,
  vehicleType,
  email,
  onChange,
}: {
  businessId: string;
  serviceId?: string;
  vehicleType?: string;
  email?: string;
  onChange: (promo: AppliedPromo | null) => void;
}) {
  const [text, setText] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const check = useRemote(
    code && serviceId && vehicleType
      ? bookKeys.promoCheck({ businessId, serviceId, vehicleType, email, code })
      : null,
    () =>
      unwrap(
        checkPromo({
          json: {
            businessId,
            serviceId: serviceId ?? '',
            vehicleType: vehicleType ?? '',
            email: email || undefined,
            code: code ?? '',
          },
        }),
      ),
    { retry: false },
  );
  const applied = check.data && !check.isError ? check.data : null;

  useEffect(() => {
    onChange(
      applied
        ? { code: applied.code, discountType: applied.discountType, discountValue: applied.discountValue }
        : null,
    );
  }, [applied, onChange]);

  const apply = () => setCode(text.trim() || null);
  const remove = () => {
    setCode(null);
    setText('');
  };
  const error = check.error ? check.error.message : null;
  const needsChoice = code && !(serviceId && vehicleType);

  return (
    <div className="mb-4 border-b border-slate-200 pb-4">
      <label htmlFor="promo-code" className="text-sm font-medium text-slate-800">
        Promo code
      </label>
      {applied ? (
        <p
          className="mt-1.5 flex items-center justify-between gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900"
          role="status"
        >
          <span className="flex min-w-0 items-center gap-2">
            <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">
              <strong>{applied.code}</strong> applied · {formatPromoDiscount(applied)}
            </span>
          </span>
          <Button type="button" size="sm" variant="ghost" onClick={remove} aria-label="Remove promo code">
            <X />
          </Button>
        </p>
      ) : (
        <div className="mt-1.5 flex gap-2">
          <div className="relative min-w-0 flex-1">
            <Tag
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <Input
              id="promo-code"
              className="pl-9 uppercase"
              autoComplete="off"
              value={text}
              aria-invalid={Boolean(error) || undefined}
              aria-describedby={error ? 'promo-code-error' : undefined}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  apply();
                }
              }}
            />
          </div>
          <Button
            type="button"
            variant="outline"
            onClick={apply}
            loading={check.isFetching}
            disabled={!text.trim()}
          >
            Apply
          </Button>
        </div>
      )}
      {error && (
        <p id="promo-code-error" role="alert" className="mt-1.5 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
      {needsChoice && (
        <p className="mt-1.5 text-xs text-slate-500">Choose a service and vehicle type to apply your code.</p>
      )}
    </div>
  );
}
