import { and, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { escapeHtml } from '../../../shared/html';
import { parseSmsKeyword, toE164 } from '../../../shared/sms';
import { messageSends, smsInboundMessages, smsOptOuts } from '../../db/schema';
import { SMS_START_REPLY, SMS_STOP_REPLY, smsHelpReply } from '../../emails/sms';
import type { AppEnv } from '../../http/context';
import { isUuid } from '../../http/ids';
import { isValidTwilioSignature } from '../../providers/sms/twilio-signature';
import { senderOf } from './campaign-send.service';
import { recordConsent } from './consent.service';
import { linksIn, sendIdOfUnsubscribeToken } from './marketing-email';

// Public, unauthenticated endpoints reached from messages: unsubscribe (RFC 8058), open pixel, click redirects and
// Twilio's inbound SMS webhook. Not part of the typed client (HTML, images, redirects, TwiML).

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:480px;margin:48px auto;padding:0 20px;line-height:1.5">
<main>${body}</main></body></html>`;
}

export const messagingPublic = new Hono<AppEnv>();

/**
 * The message an unsubscribe link names: a signed token of its id (decision 1164), or, for a marketing email sent
 * before links were signed, the message's id itself.
 */
async function findUnsubscribeSend(c: { var: AppEnv['Variables'] }, token: string) {
  const id = sendIdOfUnsubscribeToken(c.var.deps.linkSecret, token);
  const where = id
    ? eq(messageSends.id, id)
    : isUuid(token)
      ? and(eq(messageSends.id, token), eq(messageSends.unsubscribeById, true))
      : null;
  if (!where) return null;
  const [row] = await c.var.deps.db.select().from(messageSends).where(where);
  return row ?? null;
}

// The visible link: a page with one button (a GET never unsubscribes: mail scanners follow links, decision 603).
messagingPublic.get('/unsubscribe/:token', async (c) => {
  const send = await findUnsubscribeSend(c, c.req.param('token'));
  if (!send) return c.html(page('Link not valid', '<h1>This link is not valid</h1>'), 404);
  const sender = await senderOf(c.var.deps.db, send.businessId);
  return c.html(
    page(
      'Unsubscribe',
      `<h1 style="font-size:1.5rem">Unsubscribe from ${escapeHtml(sender.name)}</h1>
<p>${escapeHtml(send.to)} will no longer get marketing email from ${escapeHtml(sender.name)}. Booking confirmations and reminders still arrive.</p>
<form method="post"><button type="submit" style="font:inherit;padding:10px 20px;border-radius:8px;border:0;background:#0f172a;color:#fff;cursor:pointer">Unsubscribe</button></form>`,
    ),
  );
});

// RFC 8058: the mailbox provider POSTs "List-Unsubscribe=One-Click"; the POST itself unsubscribes, no confirmation.
messagingPublic.post('/unsubscribe/:token', async (c) => {
  const send = await findUnsubscribeSend(c, c.req.param('token'));
  if (!send) return c.html(page('Link not valid', '<h1>This link is not valid</h1>'), 404);
  if (send.customerId) {
    await recordConsent(c.var.deps.db, send.businessId, send.customerId, {
      email: false,
      source: 'unsubscribe_link',
    });
  }
  const sender = await senderOf(c.var.deps.db, send.businessId);
  return c.html(
    page(
      'Unsubscribed',
      `<h1 style="font-size:1.5rem">You are unsubscribed</h1><p>${escapeHtml(send.to)} will get no more marketing email from ${escapeHtml(sender.name)}.</p>`,
    ),
  );
});

messagingPublic.get('/open/:id', async (c) => {
  const id = c.req.param('id');
  if (isUuid(id)) {
    await c.var.deps.db
      .update(messageSends)
      .set({
        openedAt: sql`coalesce(${messageSends.openedAt}, now())`,
        openCount: sql`${messageSends.openCount} + 1`,
      })
      .where(and(eq(messageSends.id, id), eq(messageSends.status, 'sent')));
  }
  return c.body(PIXEL, 200, { 'content-type': 'image/gif', 'cache-control': 'no-store, max-age=0' });
});

// Only to a link of that very message (no open redirect); a click counts as an open too (images may be blocked).
messagingPublic.get('/click/:id/:n', async (c) => {
  const id = c.req.param('id');
  const [send] = isUuid(id)
    ? await c.var.deps.db.select().from(messageSends).where(eq(messageSends.id, id))
    : [];
  const target = send ? linksIn(send.body)[Number(c.req.param('n'))] : undefined;
  if (!send || !target) return c.html(page('Link not valid', '<h1>This link is not valid</h1>'), 404);
  await c.var.deps.db
    .update(messageSends)
    .set({
      openedAt: sql`coalesce(${messageSends.openedAt}, now())`,
      clickCount: sql`${messageSends.clickCount} + 1`,
    })
    .where(eq(messageSends.id, send.id));
  return c.redirect(target, 302);
});

const twiml = (message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${message ? `<Message>${escapeHtml(message)}</Message>` : ''}</Response>`;

// Twilio's inbound SMS webhook: STOP and its synonyms opt out (one confirmation), START opts back in, HELP answers.
messagingPublic.post('/sms/inbound', async (c) => {
  const { deps } = c.var;
  const form = await c.req.parseBody();
  const params = Object.fromEntries(
    Object.entries(form).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const url = `${deps.publicUrl}${c.req.path}`;
  if (
    !deps.twilioAuthToken ||
    !isValidTwilioSignature(deps.twilioAuthToken, url, params, c.req.header('x-twilio-signature'))
  ) {
    return c.json({ error: { message: 'Invalid signature' } }, 403);
  }
  const phone = toE164(params.From);
  const keyword = parseSmsKeyword(params.Body ?? '');
  const messageSid = params.MessageSid;
  if (!phone || !keyword || !messageSid) return c.body(twiml(''), 200, { 'content-type': 'text/xml' });

  // Each message once: the SID is recorded with the change it makes, so a replay (or Twilio's own retry of a message
  // acted on) changes nothing and is answered with no reply; a failed change leaves the SID free for the retry.
  const acted = await deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(smsInboundMessages)
      .values({ messageSid })
      .onConflictDoNothing()
      .returning({ messageSid: smsInboundMessages.messageSid });
    if (!fresh) return false;
    if (keyword === 'stop') {
      await tx
        .insert(smsOptOuts)
        .values({ phone, keyword: (params.Body ?? '').trim().toUpperCase().slice(0, 40) })
        .onConflictDoNothing();
    } else if (keyword === 'start') {
      await tx.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
    }
    return true;
  });
  if (!acted) return c.body(twiml(''), 200, { 'content-type': 'text/xml' });

  if (keyword === 'stop') {
    return c.body(twiml(SMS_STOP_REPLY), 200, { 'content-type': 'text/xml' });
  }
  if (keyword === 'start') {
    return c.body(twiml(SMS_START_REPLY), 200, {
      'content-type': 'text/xml',
    });
  }
  // HELP: who is texting them — the business of the latest message to this number.
  const [last] = await deps.db
    .select({ businessId: messageSends.businessId })
    .from(messageSends)
    .where(eq(messageSends.to, phone))
    .orderBy(desc(messageSends.createdAt))
    .limit(1);
  const sender = last ? await senderOf(deps.db, last.businessId) : null;
  return c.body(twiml(smsHelpReply(sender)), 200, { 'content-type': 'text/xml' });
});
