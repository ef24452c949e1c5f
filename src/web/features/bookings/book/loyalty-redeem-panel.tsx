import { CheckCircle2, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { REWARD_CATEGORY_LABELS } from '../../../../shared/loyalty.schemas';
import { type LoyaltyWallet, REDEEM_TEXT } from '../../../../shared/loyalty-redeem';
import { formatCents } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import type { api } from '../../../lib/api';
import { endpoint, unwrap } from '../../../lib/api-fetch';
import { useAction } from '../../../lib/use-remote';
import type { ChosenReward } from './loyalty-redeem-entry';

const sendCodeTo = endpoint<(typeof api.api.public.loyalty)['send-code']['$post']>(
  'POST',
  '/api/public/loyalty/send-code',
);
const verifyCodeOf = endpoint<(typeof api.api.public.loyalty)['verify-code']['$post']>(
  'POST',
  '/api/public/loyalty/verify-code',
);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Loaded on demand by LoyaltyRedeemEntry: send the code, verify it, pick a reward (the server checks it all again). */
export default function LoyaltyRedeemPanel({
  businessId,
  email,
  onChange,
  onClose,
}: {
  businessId: string;
  email?: string;
  onChange: (reward: ChosenReward | null) => void;
  onClose: () => void;
}) {
  const address = (email ?? '').trim().toLowerCase();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [wallet, setWallet] = useState<(LoyaltyWallet & { email: string }) | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);

  const sendCode = useAction(() => unwrap(sendCodeTo({ json: { businessId, email: address } })));
  const verifyCode = useAction(() =>
    unwrap(
      verifyCodeOf({
        json: { businessId, email: address, code: code.trim() },
      }),
    ),
  );
  const send = {
    ...sendCode,
    mutate: async () => {
      if ((await sendCode.run()).ok) {
        setSentTo(address);
        setCode('');
      }
    },
  };
  const verify = {
    ...verifyCode,
    mutate: async () => {
      const result = await verifyCode.run();
      if (result.ok) setWallet({ ...result.data, email: address });
    },
  };

  // A verified wallet belongs to one email: another email in the form starts again.
  useEffect(() => {
    if (wallet && wallet.email !== address) {
      setWallet(null);
      setSentTo(null);
      setChosen(null);
      onChange(null);
    }
  }, [address, wallet, onChange]);

  const choose = (id: string | null) => {
    setChosen(id);
    const reward = wallet?.rewards.find((r) => r.id === id);
    onChange(
      reward && wallet
        ? {
            rewardId: reward.id,
            token: wallet.token,
            name: reward.name,
            category: reward.category,
            valueCents: reward.valueCents,
            email: wallet.email,
          }
        : null,
    );
  };

  const header = (
    <div className="mb-2 flex items-center justify-between gap-2">
      <h3 className="text-sm font-semibold text-slate-900">Loyalty rewards</h3>
      <Button type="button" size="sm" variant="ghost" onClick={onClose} aria-label="Close loyalty rewards">
        <X />
      </Button>
    </div>
  );

  if (wallet) {
    return (
      <section aria-label="Loyalty rewards">
        {header}
        <p
          className="mb-2 flex items-center gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900"
          role="status"
        >
          <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
          <span>
            Verified · <strong data-testid="loyalty-available">{wallet.availablePoints} points</strong>{' '}
            available
          </span>
        </p>
        <fieldset className="grid gap-2">
          <legend className="sr-only">Choose a reward</legend>
          <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-accent has-[:checked]:bg-blue-50">
            <input
              type="radio"
              name="loyalty-reward"
              checked={chosen === null}
              onChange={() => choose(null)}
            />
            No reward this time
          </label>
          {wallet.rewards.map((r) => (
            <label
              key={r.id}
              className={`flex items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-accent has-[:checked]:bg-blue-50 ${r.affordable ? 'cursor-pointer' : 'cursor-not-allowed opacity-60'}`}
            >
              <input
                type="radio"
                name="loyalty-reward"
                className="mt-1"
                disabled={!r.affordable}
                checked={chosen === r.id}
                onChange={() => choose(r.id)}
              />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap justify-between gap-x-3">
                  <strong className="text-slate-900">{r.name}</strong>
                  <span className="tabular-nums text-slate-600">{r.pointsRequired} points</span>
                </span>
                <span className="block text-slate-600">
                  {REWARD_CATEGORY_LABELS[r.category]} ·{' '}
                  {r.category === 'product'
                    ? 'handed over at your visit'
                    : `up to ${formatCents(r.valueCents)} off`}
                  {!r.affordable && ' · not enough points yet'}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      </section>
    );
  }

  if (!EMAIL.test(address)) {
    return (
      <section aria-label="Loyalty rewards">
        {header}
        <p className="text-sm text-slate-600">
          Enter your email in Contact Information first; we'll send a code to it.
        </p>
      </section>
    );
  }

  const codeSent = sentTo === address;
  return (
    <section aria-label="Loyalty rewards">
      {header}
      {!codeSent ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="min-w-0 text-sm text-slate-600">
            We'll email a one-time code to <strong className="break-all">{address}</strong>.
          </p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => send.mutate()}
            loading={send.isPending}
          >
            Send code
          </Button>
        </div>
      ) : (
        <div className="grid gap-2">
          <p className="text-sm text-slate-600" role="status">
            {REDEEM_TEXT.sent}
          </p>
          <div className="flex gap-2">
            <label htmlFor="loyalty-code" className="sr-only">
              6-digit code
            </label>
            <Input
              id="loyalty-code"
              className="min-w-0 flex-1 tracking-[0.3em]"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="6-digit code"
              maxLength={6}
              value={code}
              aria-invalid={verify.isError || undefined}
              aria-describedby={verify.isError ? 'loyalty-code-error' : undefined}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  if (code.length === 6) verify.mutate();
                }
              }}
            />
            <Button
              type="button"
              onClick={() => verify.mutate()}
              loading={verify.isPending}
              disabled={code.length !== 6}
            >
              Verify
            </Button>
          </div>
          <button
            type="button"
            className="justify-self-start text-xs font-medium text-accent underline"
            onClick={() => send.mutate()}
          >
            Send a new code
          </button>
        </div>
      )}
      {(send.isError || verify.isError) && (
        <p id="loyalty-code-error" role="alert" className="mt-1.5 text-xs font-medium text-red-600">
          {(verify.error ?? send.error)?.message}
        </p>
      )}
    </section>
  );
}
