import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect as http2Connect } from 'node:http2';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** The certificate to trust for https: addresses (the test's self-signed one). */
  ca?: string;
}

/**
 * One HTTP/1.1 request over http: or https: (Node's own clients, which check the certificate against
 * `ca` and can name any address, where fetch could not be given a certificate to trust).
 */
export function request(url: string, options: RequestOptions = {}): Promise<Answer> {
  const { method = 'GET', headers = {}, body, ca } = options;
  const send = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, { method, headers, ca }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A GET over HTTP/2 (TLS with ALPN h2): the protocol the server agreed to, and the status. */
export async function getOverHttp2(
  origin: string,
  path: string,
  ca: string,
): Promise<{ alpn: string; status: number }> {
  const session = http2Connect(origin, { ca });
  try {
    await new Promise<void>((resolve, reject) => {
      session.once('connect', () => resolve());
      session.once('error', reject);
    });
    const status = await new Promise<number>((resolve, reject) => {
      const stream = session.request({ ':path': path });
      stream.once('response', (headers) => resolve(Number(headers[':status'])));
      stream.once('error', reject);
      stream.resume();
      stream.end();
    });
    return { alpn: session.alpnProtocol ?? '', status };
  } finally {
    session.close();
  }
}

/** A multipart/form-data body with one file field `file`, as the attachment upload takes. */
export function multipartFile(name: string, content: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----hearth${Math.random().toString(36).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
