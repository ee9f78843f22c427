/**
 * What the browser received over the network, from Chromium's own records (DevTools protocol):
 * `Network.loadingFinished` gives encodedDataLength, the bytes received for a request, headers
 * included, as they came (compressed when they were sent compressed); 0 for a cache hit. The live
 * connection's frames are not HTTP requests and are not counted.
 */
import type { Page } from 'playwright';

export type Kind = 'document' | 'script' | 'stylesheet' | 'api' | 'other';

export interface Received {
  url: string;
  kind: Kind;
  /** The status on the wire: 304 for a revalidated file (which the page itself sees as the cached 200). */
  status: number;
  /** Bytes received for the request: status line, headers and body as sent. */
  bytes: number;
  /** Answered from the browser's cache without asking the server. */
  fromCache: boolean;
  encoding: string | undefined;
}

interface Pending {
  url: string;
  kind: Kind;
  status: number;
  fromCache: boolean;
  encoding: string | undefined;
}

function kindOf(type: string, url: string): Kind {
  if (type === 'Document') return 'document';
  if (type === 'Script') return 'script';
  if (type === 'Stylesheet') return 'stylesheet';
  if ((type === 'Fetch' || type === 'XHR') && new URL(url).pathname.startsWith('/api/')) return 'api';
  return 'other';
}

/** Starts recording the page's requests; `stop()` returns every request that finished meanwhile. */
export async function recordReceived(page: Page): Promise<{ stop(): Promise<Received[]> }> {
  const cdp = await page.context().newCDPSession(page);
  const pending = new Map<string, Pending>();
  const cached = new Set<string>();
  /** The status line that came over the network; the page's response reports 200 for a 304. */
  const wireStatus = new Map<string, number>();
  const finished: Received[] = [];
  cdp.on('Network.requestServedFromCache', (event) => cached.add(event.requestId));
  cdp.on('Network.responseReceivedExtraInfo', (event) => wireStatus.set(event.requestId, event.statusCode));
  cdp.on('Network.responseReceived', (event) => {
    const { response } = event;
    const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding');
    pending.set(event.requestId, {
      url: response.url,
      kind: kindOf(event.type, response.url),
      status: response.status,
      fromCache: cached.has(event.requestId) || response.fromDiskCache === true,
      encoding: encoding?.[1],
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const answer = pending.get(event.requestId);
    if (!answer) return;
    pending.delete(event.requestId);
    finished.push({
      ...answer,
      status: wireStatus.get(event.requestId) ?? answer.status,
      fromCache: answer.fromCache || cached.has(event.requestId),
      bytes: event.encodedDataLength,
    });
    wireStatus.delete(event.requestId);
  });
  await cdp.send('Network.enable');
  return {
    async stop() {
      await cdp.detach();
      return finished;
    },
  };
}

export const sum = (received: Received[], kind?: Kind) =>
  received.filter((r) => kind === undefined || r.kind === kind).reduce((total, r) => total + r.bytes, 0);
