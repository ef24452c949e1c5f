// The field app's outbox (issue 26, docs/decisions/1176): every action is written here first, with the
// Idempotency-Key it keeps for life, and sent later, one at a time, oldest first. Pure: the store (IndexedDB through
// Dexie in the app, memory or fake-indexeddb in tests) and the transport (fetch in the app, a fake server in tests)
// are handed in, so the property test drives the same code the phone runs.

/** What the technician did, as the request it becomes. `jobId` is null for the shift's clock in/out. */
export type OutboxAction =
  | { kind: 'on_my_way'; jobId: string; body: { deviceTime: string; etaMinutes: number } }
  | {
      kind: 'check_in';
      jobId: string;
      body: { deviceTime: string; lat?: number; lng?: number; accuracyM?: number };
    }
  | { kind: 'check_out'; jobId: string; body: { deviceTime: string; lat?: number; lng?: number } }
  | {
      kind: 'complete';
      jobId: string;
      body: { deviceTime: string; signature: { pngBase64: string; signerName: string } };
    }
  | { kind: 'note'; jobId: string; body: { deviceTime: string; text: string } }
  | { kind: 'material'; jobId: string; body: { deviceTime: string; itemId: string; quantity: number } }
  | {
      kind: 'checklist';
      jobId: string;
      itemId: string;
      /** The vehicle of the job (decision 1344); absent in an entry queued by an older app: the first. */
      body: { deviceTime: string; done: boolean; vehiclePosition?: number };
    }
  /** The bytes wait in their own table (a large record in the outbox's own would be read at every listing). */
  | {
      kind: 'photo';
      jobId: string;
      photoId: string;
      body: { deviceTime: string; kind: 'before' | 'after'; width: number; height: number };
    }
  | { kind: 'clock_in'; jobId: null; body: { deviceTime: string; lat?: number; lng?: number } }
  | { kind: 'clock_out'; jobId: null; body: { deviceTime: string } };

export interface OutboxEntry {
  /** Order of writing; the store assigns it. */
  seq: number;
  /** The Idempotency-Key, made when the action was taken and sent with every attempt. */
  key: string;
  jobId: string | null;
  action: OutboxAction;
  createdAt: string;
  attempts: number;
  /** A refusal that sending again cannot change (400, 403, 404, 413, 415, 422): kept and shown, not retried. */
  failed?: { status: number; message: string };
}

export interface OutboxStore {
  /** Appends and answers the entry with its seq. */
  add(entry: Omit<OutboxEntry, 'seq'>): Promise<OutboxEntry>;
  /** Every entry, by seq. */
  all(): Promise<OutboxEntry[]>;
  update(seq: number, patch: Partial<Pick<OutboxEntry, 'attempts' | 'failed'>>): Promise<void>;
  /** Removes a sent entry (and, for a photo, its bytes). */
  remove(entry: OutboxEntry): Promise<void>;
}

/**
 * How one attempt ended: `sent` (2xx: the server applied it now or earlier — a replay answers the first answer),
 * `retry` (no answer, 5xx, 409 "still being processed", 401 signed out: send again later, in order) or `refused`.
 */
export type SendResult =
  | { outcome: 'sent'; body: unknown }
  | { outcome: 'retry'; reason: string }
  | { outcome: 'refused'; status: number; message: string };

export type Transport = (entry: OutboxEntry) => Promise<SendResult>;

export interface FlushReport {
  sent: number;
  /** True when the flush stopped at an entry that must be sent again (offline, server trouble). */
  interrupted: boolean;
}

export interface OutboxOptions {
  store: OutboxStore;
  transport: Transport;
  /** A sent entry's answer, before the entry is removed (applies the server's answer to the local copy). */
  onSent?: (entry: OutboxEntry, body: unknown) => Promise<void> | void;
  /** Anything changed: the pending count and the screens re-read. */
  onChange?: () => void;
  newKey?: () => string;
  now?: () => Date;
}

export function createOutbox(options: OutboxOptions) {
  const { store, transport, onSent, onChange } = options;
  const newKey = options.newKey ?? (() => crypto.randomUUID());
  const now = options.now ?? (() => new Date());
  let running: Promise<FlushReport> | null = null;

  async function enqueue(action: OutboxAction): Promise<OutboxEntry> {
    const entry = await store.add({
      key: newKey(),
      jobId: action.jobId,
      action,
      createdAt: now().toISOString(),
      attempts: 0,
    });
    onChange?.();
    return entry;
  }

  async function run(): Promise<FlushReport> {
    let sent = 0;
    // Re-read after every entry: actions taken during a flush join its end, in order.
    for (;;) {
      const next = (await store.all()).find((e) => !e.failed);
      if (!next) return { sent, interrupted: false };
      let result: SendResult;
      try {
        result = await transport(next);
      } catch (error) {
        result = { outcome: 'retry', reason: error instanceof Error ? error.message : String(error) };
      }
      if (result.outcome === 'retry') {
        await store.update(next.seq, { attempts: next.attempts + 1 });
        onChange?.();
        // Later entries wait: a job's actions reach the server in the order they were taken.
        return { sent, interrupted: true };
      }
      if (result.outcome === 'refused') {
        await store.update(next.seq, {
          attempts: next.attempts + 1,
          failed: { status: result.status, message: result.message },
        });
      } else {
        // Applied locally first, removed second: a reload in between sends it again, and the server's replay of the
        // same key answers the first answer without writing anything.
        await onSent?.(next, result.body);
        await store.remove(next);
        sent++;
      }
      onChange?.();
    }
  }

  /** Sends what is pending; a second call while one runs joins it. */
  function flush(): Promise<FlushReport> {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    enqueue,
    flush,
    entries: () => store.all(),
    /** Entries still to send (refused ones are not pending: they are shown as not saved). */
    pendingCount: async () => (await store.all()).filter((e) => !e.failed).length,
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/** The result of an HTTP answer, for the fetch transport: what to do with the entry. */
export function resultOfStatus(status: number, body: unknown): SendResult {
  if (status >= 200 && status < 300) return { outcome: 'sent', body };
  // 409: the same key is still being processed (a duplicate in flight); 408/425/429/5xx: try later; 401: signed out.
  if (status === 401 || status === 408 || status === 409 || status === 425 || status === 429 || status >= 500)
    return { outcome: 'retry', reason: `HTTP ${status}` };
  const message =
    (body as { error?: string | { message?: string } } | null)?.error !== undefined
      ? typeof (body as { error: unknown }).error === 'string'
        ? ((body as { error: string }).error as string)
        : ((body as { error: { message?: string } }).error.message ?? `HTTP ${status}`)
      : `HTTP ${status}`;
  return { outcome: 'refused', status, message };
}
