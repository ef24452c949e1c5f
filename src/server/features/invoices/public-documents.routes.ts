import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context';
import { AppError } from '../../http/errors';
import {
  completeInvoicePayment,
  completeQuoteDeposit,
  findDocumentCheckout,
  redeemRewardOnInvoice,
  refundNotice,
  sendInvoiceRedeemCode,
  startDepositCheckout,
  startInvoiceCheckout,
  verifyInvoiceRedeemCode,
} from './document-payments.service';
import {
  documentOfClosedBusiness,
  invoiceIdOfToken,
  invoicePageData,
  quotePageData,
  tipOfForm,
} from './public-documents.service';
import {
  invoicePageHtml,
  type LoyaltyStep,
  notFoundPage,
  type PageMessage,
  quotePageHtml,
} from './public-documents.views';
import { answerQuote, findQuoteByToken } from './quotes.service';

// The customer's pages, reached only by a document's unguessable token: the quote (accept / decline / pay the
// deposit) at /quote/:token and the invoice (tip and pay) at /pay/:token. Server-rendered, so they work from an
// email or a QR code on any phone, with JavaScript off; they show that one document and nothing else. What they
// read is in public-documents.service.ts, their HTML in public-documents.views.ts.

const errorText = (err: unknown) => {
  if (err instanceof AppError) return err.message;
  throw err;
};

async function quotePage(c: { var: AppEnv['Variables'] }, token: string, message?: PageMessage) {
  const data = await quotePageData(c.var.deps, token);
  return data ? quotePageHtml(data, token, message) : null;
}

async function invoicePage(
  c: { var: AppEnv['Variables'] },
  token: string,
  message?: PageMessage,
  loyalty?: LoyaltyStep,
) {
  const data = await invoicePageData(c.var.deps, token);
  return data ? invoicePageHtml(data, token, message, loyalty) : null;
}

// The token is the key: never cached, never sent on as a referrer.
const privatePage = async (c: { header: (k: string, v: string) => void }, next: () => Promise<void>) => {
  await next();
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
};

// A closed account's documents answer as unknown ones, for every page and form of them (decision 1285).
const openBusinessOnly =
  (kind: 'quote' | 'pay'): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const token = c.req.path.split('/')[2] ?? '';
    let decoded = '';
    try {
      decoded = decodeURIComponent(token);
    } catch {
      // A malformed escape names no document: the route answers it.
    }
    if (decoded && (await documentOfClosedBusiness(c.var.deps, kind, decoded)))
      return c.html(notFoundPage(kind === 'quote' ? 'Quote' : 'Invoice'), 404);
    await next();
  };

export const publicDocumentPages = new Hono<AppEnv>()
  .use('/quote/*', privatePage)
  .use('/pay/*', privatePage)
  .use('/quote/*', openBusinessOnly('quote'))
  .use('/pay/*', openBusinessOnly('pay'))
  .get('/quote/:token', async (c) => {
    const token = c.req.param('token');
    const sessionId = c.req.query('session_id');
    let message: PageMessage | undefined;
    if (sessionId) {
      const checkout = await findDocumentCheckout(c.var.deps.db, sessionId);
      const quote = await findQuoteByToken(c.var.deps, token);
      if (checkout && quote && checkout.quoteId === quote.id) {
        try {
          await completeQuoteDeposit(c.var.deps, sessionId);
          message = { kind: 'ok', text: 'Deposit received. Thank you, your quote is accepted!' };
        } catch (err) {
          message = { kind: 'error', text: errorText(err) };
        }
      }
    }
    const body = await quotePage(c, token, message);
    return body ? c.html(body) : c.html(notFoundPage('Quote'), 404);
  })
  .post('/quote/:token/:answer{accept|decline}', async (c) => {
    const token = c.req.param('token');
    try {
      await answerQuote(c.var.deps, token, c.req.param('answer') as 'accept' | 'decline');
      return c.redirect(`/quote/${encodeURIComponent(token)}`, 303);
    } catch (err) {
      const body = await quotePage(c, token, { kind: 'error', text: errorText(err) });
      return body ? c.html(body, 409) : c.html(notFoundPage('Quote'), 404);
    }
  })
  .post('/quote/:token/deposit', async (c) => {
    const token = c.req.param('token');
    try {
      const { url } = await startDepositCheckout(c.var.deps, token);
      return c.redirect(url, 303);
    } catch (err) {
      const body = await quotePage(c, token, { kind: 'error', text: errorText(err) });
      return body ? c.html(body, 409) : c.html(notFoundPage('Quote'), 404);
    }
  })
  .get('/pay/:token', async (c) => {
    const token = c.req.param('token');
    const sessionId = c.req.query('session_id');
    let message: PageMessage | undefined;
    if (sessionId) {
      const checkout = await findDocumentCheckout(c.var.deps.db, sessionId);
      const invoiceId = await invoiceIdOfToken(c.var.deps, token);
      if (checkout && invoiceId && checkout.invoiceId === invoiceId) {
        try {
          const settled = await completeInvoicePayment(c.var.deps, sessionId);
          // Told which: recorded, or (paid when nothing more was due) refunded in full (decision 0930).
          message =
            settled.outcome === 'recorded'
              ? { kind: 'ok', text: 'Payment received. A receipt is on its way to your email.' }
              : {
                  kind: 'info',
                  text: refundNotice(
                    settled.reason,
                    settled.amountCents,
                    settled.outcome === 'refund-pending',
                  ),
                };
        } catch (err) {
          message = { kind: 'error', text: errorText(err) };
        }
      }
    }
    if (!message && c.req.query('reward') === 'applied')
      message = { kind: 'ok', text: 'Your reward was applied to this invoice.' };
    const body = await invoicePage(c, token, message);
    return body ? c.html(body) : c.html(notFoundPage('Invoice'), 404);
  })
  .post('/pay/:token/loyalty/send', async (c) => {
    const token = c.req.param('token');
    let step: LoyaltyStep;
    try {
      step = { step: 'code', text: (await sendInvoiceRedeemCode(c.var.deps, token)).message };
    } catch (err) {
      step = { step: 'error', text: errorText(err), after: 'start' };
    }
    const body = await invoicePage(c, token, undefined, step);
    return body ? c.html(body, step.step === 'error' ? 409 : 200) : c.html(notFoundPage('Invoice'), 404);
  })
  .post('/pay/:token/loyalty/verify', async (c) => {
    const token = c.req.param('token');
    const form = await c.req.parseBody();
    let step: LoyaltyStep;
    try {
      step = {
        step: 'rewards',
        wallet: await verifyInvoiceRedeemCode(c.var.deps, token, String(form.code ?? '')),
      };
    } catch (err) {
      step = { step: 'error', text: errorText(err), after: 'code' };
    }
    const body = await invoicePage(c, token, undefined, step);
    return body ? c.html(body, step.step === 'error' ? 400 : 200) : c.html(notFoundPage('Invoice'), 404);
  })
  .post('/pay/:token/loyalty/redeem', async (c) => {
    const token = c.req.param('token');
    const form = await c.req.parseBody();
    try {
      await redeemRewardOnInvoice(c.var.deps, token, {
        loyaltyToken: String(form.loyaltyToken ?? ''),
        rewardId: String(form.rewardId ?? ''),
      });
      return c.redirect(`/pay/${encodeURIComponent(token)}?reward=applied`, 303);
    } catch (err) {
      const body = await invoicePage(c, token, undefined, {
        step: 'error',
        text: errorText(err),
        after: 'start',
      });
      return body
        ? c.html(body, err instanceof AppError ? (err.status as 400) : 409)
        : c.html(notFoundPage('Invoice'), 404);
    }
  })
  .post('/pay/:token/checkout', async (c) => {
    const token = c.req.param('token');
    const tip = tipOfForm(await c.req.parseBody());
    try {
      if (typeof tip === 'string') throw new AppError(400, tip);
      const { url } = await startInvoiceCheckout(c.var.deps, token, tip);
      return c.redirect(url, 303);
    } catch (err) {
      const body = await invoicePage(c, token, { kind: 'error', text: errorText(err) });
      return body
        ? c.html(body, err instanceof AppError && err.status === 400 ? 400 : 409)
        : c.html(notFoundPage('Invoice'), 404);
    }
  });
