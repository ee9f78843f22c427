import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreviewSite } from '../testing/preview-site.js';
import { FetchRefused, limitedResolver, safeFetch, type Resolver, type SafeFetchOptions } from './safe-fetch.js';

let site: PreviewSite;
beforeAll(async () => {
  site = await PreviewSite.start();
});
afterAll(() => site.close());

const options = (overrides: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
  allowedHosts: new Set(),
  signal: AbortSignal.timeout(2_000),
  maxRedirects: 3,
  maxBytes: 1024 * 1024,
  overflow: 'truncate',
  accepts: (type) => type === 'text/html',
  accept: 'text/html',
  ...overrides,
});

describe('safeFetch', () => {
  it('connects to the very address it checked, asking the resolver once', async () => {
    // No DNS knows this name: only the resolver's answer can lead to the site.
    const asked: string[] = [];
    const resolver: Resolver = async (host) => {
      asked.push(host);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const host = `pages.test:${site.port}`;
    const page = await safeFetch(`http://${host}/og?n=resolved`, options({ resolver, allowedHosts: new Set([host]) }));
    expect(page.body.toString()).toContain('Preview title resolved');
    expect(asked).toEqual(['pages.test']);
  });

  it('refuses a name when any of its addresses is private, without connecting', async () => {
    const resolver: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    await expect(safeFetch(`http://mixed.test:${site.port}/og?n=mixed`, options({ resolver }))).rejects.toBeInstanceOf(
      FetchRefused,
    );
    expect(site.count('/og?n=mixed')).toBe(0);
  });

  it('gives up a lookup that outlasts the deadline', async () => {
    const resolver: Resolver = () => new Promise(() => {});
    const started = Date.now();
    await expect(
      safeFetch('http://hangs.test/', options({ resolver, signal: AbortSignal.timeout(200) })),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('refuses other schemes and addresses with credentials', async () => {
    await expect(safeFetch('file:///etc/passwd', options())).rejects.toBeInstanceOf(FetchRefused);
    await expect(safeFetch('ftp://example.com/', options())).rejects.toBeInstanceOf(FetchRefused);
    await expect(safeFetch(`http://user:pw@${site.allowedHost}/og`, options())).rejects.toBeInstanceOf(FetchRefused);
  });

  it('follows at most the redirects allowed', async () => {
    const allowed = options({ allowedHosts: new Set([site.allowedHost]), maxRedirects: 0 });
    await expect(safeFetch(site.url('/redirect-og'), allowed)).rejects.toBeInstanceOf(FetchRefused);
  });
});

describe('limitedResolver', () => {
  it('runs at most two lookups at once, however many fetches ask, and keeps a slot until its lookup ends', async () => {
    let running = 0;
    let most = 0;
    const finish: (() => void)[] = [];
    const slow: Resolver = () => {
      running++;
      most = Math.max(most, running);
      return new Promise((resolve) =>
        finish.push(() => {
          running--;
          resolve([{ address: '93.184.216.34', family: 4 }]);
        }),
      );
    };
    const resolve = limitedResolver(slow, 2);
    const answers = Promise.all(Array.from({ length: 5 }, (_, i) => resolve(`host${i}.example`)));
    await new Promise((r) => setTimeout(r, 10));
    expect(running).toBe(2);
    // Each ended lookup lets exactly one waiting lookup start.
    while (finish.length) {
      finish.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(await answers).toHaveLength(5);
    expect(most).toBe(2);
  });
});
