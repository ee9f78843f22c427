import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A 1 x 1 PNG and a 1 x 1 GIF: real images, as their bytes say. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const TINY_GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** An OpenGraph page; `n` tells pages apart. */
export function ogPage(n: string, imagePath = '/image.png'): string {
  return `<!doctype html><html><head><meta charset="utf-8">
<title>Plain title ${n}</title>
<meta property="og:title" content="Preview title ${n}">
<meta property="og:description" content="What page ${n} is about">
<meta property="og:site_name" content="Example Site">
<meta property="og:image" content="${imagePath}">
<meta name="theme-color" content="#3366CC">
</head><body><p>Page ${n}</p></body></html>`;
}

/**
 * A local web site for link previews and the media proxy, on 127.0.0.1: OpenGraph pages, a redirect
 * to a private address, a slow page, an endless page, a PDF and images true and false. It counts the
 * requests of each path, so a test can show that a refused address was never asked.
 */
export class PreviewSite {
  private readonly hits = new Map<string, number>();
  /** Set when the client went away in the middle of the endless page. */
  hugeAborted = false;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  /** Starts on `port` (0: any free one). */
  static async start(port = 0): Promise<PreviewSite> {
    const handler: { site?: PreviewSite } = {};
    const server = createServer((req, res) => handler.site!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    handler.site = new PreviewSite(server, (server.address() as AddressInfo).port);
    return handler.site;
  }

  /** An address of the site by name (`localhost`, which UNFURL_ALLOWED_HOSTS may list) or by IP. */
  url(path: string, host: 'localhost' | '127.0.0.1' = 'localhost'): string {
    return `http://${host}:${this.port}${path}`;
  }

  /** `localhost:port`, for UNFURL_ALLOWED_HOSTS. */
  get allowedHost(): string {
    return `localhost:${this.port}`;
  }

  /** How many requests a path got (with its query, as asked: `/og?n=2`). */
  count(path: string): number {
    return this.hits.get(path) ?? 0;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://site');
    const asked = url.pathname + url.search;
    this.hits.set(asked, this.count(asked) + 1);
    const html = (body: string): void => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    };
    switch (url.pathname) {
      case '/og':
        return html(ogPage(url.searchParams.get('n') ?? '1'));
      case '/plain':
        return html('<html><head></head><body>nothing to say</body></html>');
      case '/redirect-private':
        // The same site by its IP: private, and not the allowed host:port.
        res.writeHead(302, { location: `http://127.0.0.1:${this.port}/private` }).end();
        return;
      case '/redirect-og':
        res.writeHead(301, { location: '/og?n=redirected' }).end();
        return;
      case '/private':
        return html(ogPage('private'));
      case '/slow':
        // Never answers: the fetch's deadline must end it.
        return;
      case '/huge': {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write(ogPage('huge').replace('</body></html>', ''));
        const filler = `<p>${'x'.repeat(64 * 1024)}</p>`;
        const more = () => {
          while (!res.destroyed && res.write(filler));
          if (!res.destroyed) res.once('drain', more);
        };
        res.on('close', () => (this.hugeAborted = true));
        more();
        return;
      }
      case '/file.pdf':
        res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4 not a page');
        return;
      case '/image.png':
        res.writeHead(200, { 'content-type': 'image/png' }).end(TINY_PNG);
        return;
      case '/anim.gif':
        res.writeHead(200, { 'content-type': 'image/gif' }).end(TINY_GIF);
        return;
      case '/fake.png':
        // An image's type, but HTML inside: what a browser might sniff into a page.
        res.writeHead(200, { 'content-type': 'image/png' }).end('<html><script>alert(1)</script></html>');
        return;
      case '/big.png': {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(TINY_PNG);
        res.end(Buffer.alloc(11 * 1024 * 1024));
        return;
      }
      default:
        res.writeHead(404).end();
    }
  }
}
