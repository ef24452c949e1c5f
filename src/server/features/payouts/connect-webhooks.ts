import type { AppDeps } from '../../http/context';
import type { PaymentWebhookEvent } from '../../providers/payments/payments';
import { applyAccountUpdate } from './payment-accounts.service';
import { applyPayoutUpdate } from './payouts.service';

/** Signed Connect events (already verified): account state and payouts of connected accounts. */
export async function handleConnectEvent(
  deps: Pick<AppDeps, 'db'>,
  event: Extract<PaymentWebhookEvent, { type: 'account.updated' | 'payout.updated' }>,
) {
  const known =
    event.type === 'account.updated'
      ? await applyAccountUpdate(deps.db, event.account)
      : await applyPayoutUpdate(deps.db, event.payout);
  // An account that is not ours (another platform's, or deleted here) is acknowledged so Stripe stops retrying.
  return known
    ? { received: true as const }
    : { received: true as const, outcome: 'Unknown connected account' };
}
