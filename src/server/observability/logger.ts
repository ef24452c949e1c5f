import pino, { type Logger } from 'pino';
import { currentRequestId } from './request-context';

export type { Logger };

/**
 * Structured JSON logs, one line per event, on stdout (pino). Every line written while handling a request or a job
 * sent by one carries its `reqId` (request-context.ts).
 */
export function createLogger(opts: { level?: string; destination?: pino.DestinationStream } = {}): Logger {
  return pino(
    {
      level: opts.level ?? 'info',
      base: { pid: process.pid },
      mixin: () => {
        const reqId = currentRequestId();
        return reqId ? { reqId } : {};
      },
    },
    opts.destination ?? pino.destination({ fd: 1, sync: false }),
  );
}
