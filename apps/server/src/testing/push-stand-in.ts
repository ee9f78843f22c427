import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// http_ece is the encryption library web-push itself uses; here it decrypts what the server sent.
import ece from 'http_ece';

/** A browser's side of a Web Push subscription: its keys, so a test can read what was pushed to it. */
export class FakeBrowserSubscription {
  private readonly ecdh: ECDH = createECDH('prime256v1');
  private readonly auth = randomBytes(16).toString('base64url');
  readonly publicKey: string;

  constructor(readonly endpoint: string) {
    this.publicKey = this.ecdh.generateKeys().toString('base64url');
  }

  toJSON() {
    return { endpoint: this.endpoint, keys: { p256dh: this.publicKey, auth: this.auth } };
  }

  /** Decrypts a pushed body (aes128gcm, RFC 8291) as the browser would. */
  read(body: Buffer): unknown {
    return readPush(body, this.ecdh, this.auth);
  }
}

/** Decrypts a pushed JSON body with the receiving browser's private key (an ECDH) and auth secret (base64url). */
export function readPush(body: Buffer, privateKey: ECDH, authSecret: string): unknown {
  const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey, authSecret });
  return JSON.parse(plain.toString('utf8'));
}

/** The ECDH of a private P-256 key given as a JWK's d (as a browser's WebCrypto exports it). */
export function ecdhFromJwk(d: string): ECDH {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(d, 'base64url'));
  return ecdh;
}

export interface ReceivedPush {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** The whole body of a request a stand-in received. */
export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts a stand-in on a free loopback port and gives its origin. */
export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * A stand-in for a browser vendor's push service (Google's, Mozilla's), which cannot be reached from
 * the test machine: it takes the Hearth server's Web Push requests and records them. An endpoint
 * path can be told to answer 410 Gone, as a push service does for an expired subscription.
 */
export class PushServiceStandIn {
  readonly received: ReceivedPush[] = [];
  readonly gone = new Set<string>();

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<PushServiceStandIn> {
    const holder: { service?: PushServiceStandIn } = {};
    const server = createServer((request, response) => {
      void readBody(request).then((body) => {
        const service = holder.service!;
        const path = request.url ?? '/';
        service.received.push({ path, headers: request.headers, body });
        response.writeHead(service.gone.has(path) ? 410 : 201).end();
      });
    });
    holder.service = new PushServiceStandIn(server, await listen(server));
    return holder.service;
  }

  subscription(): FakeBrowserSubscription {
    return new FakeBrowserSubscription(`${this.origin}/push/${randomBytes(12).toString('hex')}`);
  }

  to(subscription: FakeBrowserSubscription): ReceivedPush[] {
    const path = new URL(subscription.endpoint).pathname;
    return this.received.filter((push) => push.path === path);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
