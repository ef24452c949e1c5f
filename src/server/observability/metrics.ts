import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** One queue's waiting work, as the job queue reports it (jobs/queue.ts queueStats). */
export interface QueueStat {
  queue: string;
  waiting: number;
  active: number;
  /** Seconds the oldest job that may run now has waited; 0 when none waits. */
  oldestWaitingSeconds: number;
}

/** The database pool's connections (PostgreSQL; the embedded database has one connection and no pool). */
export interface PoolStat {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/**
 * Prometheus metrics of one instance (prom-client), served at /metrics behind METRICS_TOKEN. Requests are labelled by
 * route pattern (`/api/bookings/:id`), never by raw path, so the label set stays bounded.
 */
export interface Metrics {
  registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  observeQuery(seconds: number, slow: boolean): void;
}

export function createMetrics(sources: {
  queueStats?: () => Promise<QueueStat[]>;
  poolStats?: () => PoolStat;
}): Metrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'HTTP requests answered with a 5xx status, by method and route pattern',
    labelNames: ['method', 'route'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being written, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const queries = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Database query time',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [registry],
  });
  const slowQueries = new Counter({
    name: 'db_slow_queries_total',
    help: 'Queries over the slow-query threshold (SLOW_QUERY_MS)',
    registers: [registry],
  });
  if (sources.queueStats) {
    const queueStats = sources.queueStats;
    // Both gauges read one query per scrape; the second waits on the first's answer.
    let pending: Promise<QueueStat[]> | null = null;
    const read = () => {
      pending ??= queueStats().finally(() => setTimeout(() => (pending = null), 0));
      return pending;
    };
    new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs waiting to run (created or retry, due now), by queue and state',
      labelNames: ['queue', 'state'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const s of await read().catch(() => [])) {
          this.set({ queue: s.queue, state: 'waiting' }, s.waiting);
          this.set({ queue: s.queue, state: 'active' }, s.active);
        }
      },
    });
    new Gauge({
      name: 'job_queue_oldest_waiting_seconds',
      help: 'Age of the oldest job due to run and not yet started, by queue',
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const s of await read().catch(() => [])) this.set({ queue: s.queue }, s.oldestWaitingSeconds);
      },
    });
  }
  if (sources.poolStats) {
    const poolStats = sources.poolStats;
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections: total open, idle, clients waiting for one, and the maximum',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const p = poolStats();
        this.set({ state: 'total' }, p.total);
        this.set({ state: 'idle' }, p.idle);
        this.set({ state: 'waiting' }, p.waiting);
        this.set({ state: 'max' }, p.max);
      },
    });
  }
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
      if (status >= 500) errors.inc({ method, route });
    },
    observeQuery(seconds, slow) {
      queries.observe(seconds);
      if (slow) slowQueries.inc();
    },
  };
}
