/**
 * One load worker (a thread of the load client, see load-pool.ts): holds its share of the live
 * connections, sends its senders' part of the common schedule and times the deliveries to its own
 * clients, so that no single event loop has to handle every frame.
 */
import { parentPort } from 'node:worker_threads';
import { openLoad, type LoadClients, type LoadOptions, type LoadResult } from './load.js';

/** What the pool asks of a worker. */
export type WorkerRequest =
  { type: 'open'; opts: LoadOptions } | { type: 'measure'; overrides: Partial<LoadOptions> } | { type: 'close' };

/** What a worker answers; `sent` comes when its sending is over, before the drain's `result`. */
export type WorkerReply =
  | { type: 'opened' }
  | { type: 'sent' }
  | { type: 'result'; result: LoadResult }
  | { type: 'closed' }
  | { type: 'failed'; message: string };

const port = parentPort!;
const post = (reply: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);
let clients: LoadClients | undefined;

port.on('message', (request: WorkerRequest) => {
  void (async () => {
    try {
      if (request.type === 'open') {
        clients = await openLoad(request.opts, () => undefined);
        post({ type: 'opened' });
      } else if (request.type === 'measure') {
        const result = await clients!.measure({
          ...request.overrides,
          onSendWindow: (phase) => {
            if (phase === 'end') post({ type: 'sent' });
          },
        });
        post({ type: 'result', result }, [result.latencies.buffer as ArrayBuffer]);
      } else {
        await clients?.close();
        post({ type: 'closed' });
      }
    } catch (err) {
      post({ type: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  })();
});
