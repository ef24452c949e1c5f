import type { Logger } from './logger';

/**
 * One log line per call to an outside provider (SMTP, Stripe, Twilio, webhooks, geocoder, OSRM, Google, the content
 * model): the logger's mixin adds the request id, which the call also carried as X-Request-Id (decision 1291), so a
 * provider's log and ours meet on one id. main.ts points it at the process's logger; without one it stays silent.
 */
let sink: Logger | undefined;

export function logProviderCallsTo(logger: Logger | undefined) {
  sink = logger;
}

export function logProviderCall(fields: { provider: string } & Record<string, unknown>) {
  sink?.info(fields, 'provider call');
}
