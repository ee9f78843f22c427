import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What the server counts for Prometheus (prom-client, the maintained client for Node). One registry
 * per running app, not prom-client's global one: tests run several servers in one process.
 *
 * No label names a user, a channel or a URL: a series per user would grow without bound
 * (cardinality), and counting a delivery must stay one addition on the fan-out's hot path.
 */
export class Metrics {
  readonly registry = new Registry();

  /** Events this node published to the bus. */
  readonly eventsPublished = new Counter({
    name: 'hearth_events_published_total',
    help: 'Live events this node published to the event bus',
    registers: [this.registry],
  });

  /** Frames this node handed to live sessions: one per recipient session of each event. */
  readonly eventsDelivered = new Counter({
    name: 'hearth_events_delivered_total',
    help: 'Live event frames this node sent to its sessions (one per recipient session)',
    registers: [this.registry],
  });

  /** From an event's publication (on any node) to its hand-out on this one. */
  readonly deliveryLag = new Histogram({
    name: 'hearth_event_delivery_lag_seconds',
    help: 'Time from an event being published to this node handing it to its sessions',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'hearth_http_request_duration_seconds',
    help: 'HTTP requests by route pattern and status, with their latency',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  /** Every file written to storage: attachments, emoji, GIFs, pictures and icons. */
  readonly filesStored = new Counter({
    name: 'hearth_uploads_total',
    help: 'Files this node wrote to storage (attachments, emoji, GIFs, pictures, icons)',
    registers: [this.registry],
  });

  readonly bytesStored = new Counter({
    name: 'hearth_upload_bytes_total',
    help: 'Bytes of the files this node wrote to storage',
    registers: [this.registry],
  });

  constructor() {
    // Process CPU, memory, event-loop delay, handles, garbage collection: prom-client's own set.
    collectDefaultMetrics({ register: this.registry });
  }

  /** A gauge read when Prometheus scrapes, so nothing is kept up to date between scrapes. */
  gauge(name: string, help: string, read: () => number | Promise<number>): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.set(await read());
      },
    });
  }

  /** Gauges of one label read together at a scrape (a pool's total and idle connections, say). */
  labelledGauge(name: string, help: string, label: string, read: () => Record<string, number>): void {
    new Gauge({
      name,
      help,
      labelNames: [label],
      registers: [this.registry],
      collect() {
        for (const [value, n] of Object.entries(read())) this.set({ [label]: value }, n);
      },
    });
  }
}
