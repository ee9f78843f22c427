import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, REPO_ROOT, startNginx, type RunningNginx } from '@hearth/server/testing';

/** The nginx site the repository ships, which the deployment scenario runs as it is. */
export const SITE_CONFIG = path.join(REPO_ROOT, 'deploy/nginx/hearth.conf');

export interface SitePorts {
  /** Replaces 80: the plain HTTP server that redirects. */
  http: number;
  /** Replaces 443: the TLS server. */
  https: number;
  /** Replaces 8080: Hearth's own port in the upstream. */
  upstream: number;
  /** Whether this machine has IPv6: the site's `listen [::]:...` lines are dropped when not. */
  ipv6: boolean;
}

/**
 * The shipped site with only what a test machine must change: its ports (free ones, not 80 and 443,
 * which need root and may be taken) and the certificate (a self-signed one in nginx's folder).
 * Everything else, the upgrade, headers, timeouts and body size, is the file's own. A part of the
 * file that the renderer no longer finds is an error, so a change to the file cannot leave the
 * test running something else.
 */
export function renderSite(text: string, ports: SitePorts): string {
  const steps: [string, RegExp, (...groups: string[]) => string][] = [
    ['the HTTP listen', /^(\s*listen\s+)(\[::\]:)?80(\b[^;\n]*;)$/gm, listen(ports.http, ports.ipv6)],
    ['the TLS listen', /^(\s*listen\s+)(\[::\]:)?443(\b[^;\n]*;)$/gm, listen(ports.https, ports.ipv6)],
    ['the certificate', /^(\s*ssl_certificate\s+)\S+;$/gm, (_, head) => `${head}{dir}/cert.pem;`],
    ['its key', /^(\s*ssl_certificate_key\s+)\S+;$/gm, (_, head) => `${head}{dir}/key.pem;`],
    ['the upstream', /(upstream hearth \{[^}]*server 127\.0\.0\.1:)8080;/g, (_, head) => `${head}${ports.upstream};`],
  ];
  let rendered = text;
  for (const [what, pattern, replace] of steps) {
    if (!pattern.test(rendered))
      throw new Error(`${path.basename(SITE_CONFIG)} no longer has ${what} the test expects`);
    rendered = rendered.replace(pattern, replace as (substring: string, ...args: string[]) => string);
  }
  return rendered;
}

function listen(port: number, ipv6: boolean) {
  return (_: string, head: string, v6: string | undefined, tail: string) =>
    v6 && !ipv6 ? '' : `${head}${v6 ?? ''}${port}${tail}`;
}

/** The machine's first address other than loopback, so a client can be told apart from nginx (127.0.0.1). */
export function hostAddress(): string {
  const all = Object.values(networkInterfaces()).flatMap((list) => list ?? []);
  const found = all.find((a) => !a.internal && a.family === 'IPv4') ?? all.find((a) => !a.internal);
  if (!found) throw new Error('The deployment test needs a network address other than loopback, and there is none');
  return found.address;
}

const hasIpv6 = () =>
  Object.values(networkInterfaces()).some((list) => list?.some((a) => a.family === 'IPv6') ?? false);

/** A self-signed certificate for localhost, 127.0.0.1 and `address`, made by the openssl CLI. */
async function selfSignedCertificate(address: string): Promise<{ cert: string; key: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hearth-cert-'));
  try {
    const [cert, key] = [path.join(dir, 'cert.pem'), path.join(dir, 'key.pem')];
    const names = `subjectAltName=DNS:localhost,IP:127.0.0.1,IP:${address}`;
    const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    const subject = ['-subj', '/CN=localhost', '-addext', names, '-days', '2'];
    execFileSync('openssl', ['req', '-x509', ...ecKey, ...subject, '-keyout', key, '-out', cert], { stdio: 'pipe' });
    return { cert: await readFile(cert, 'utf8'), key: await readFile(key, 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The repository's nginx site in a real nginx, with TLS, in front of a Hearth server on `upstreamPort`. */
export class TlsProxy {
  private constructor(
    private readonly nginx: RunningNginx,
    readonly ports: SitePorts,
    /** The certificate, for clients that check it (Node's https with `ca`). */
    readonly ca: string,
    /** The machine's address other than loopback, which the certificate also names. */
    readonly address: string,
  ) {}

  static async start(upstreamPort: number): Promise<TlsProxy> {
    const ports = { http: await freePort(), https: await freePort(), upstream: upstreamPort, ipv6: hasIpv6() };
    const address = hostAddress();
    const { cert, key } = await selfSignedCertificate(address);
    const site = renderSite(await readFile(SITE_CONFIG, 'utf8'), ports);
    const nginx = await startNginx({ site, readyPort: ports.https, files: { 'cert.pem': cert, 'key.pem': key } });
    return new TlsProxy(nginx, ports, cert, address);
  }

  /** e.g. https://127.0.0.1:41234 */
  httpsUrl(host = '127.0.0.1'): string {
    return `https://${host.includes(':') ? `[${host}]` : host}:${this.ports.https}`;
  }

  httpUrl(host = '127.0.0.1'): string {
    return `http://${host.includes(':') ? `[${host}]` : host}:${this.ports.http}`;
  }

  output(): string {
    return this.nginx.output();
  }

  stop(): Promise<void> {
    return this.nginx.stop();
  }
}
