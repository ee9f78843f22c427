import path from 'node:path';

/** The nginx site the repository ships for a cluster; `npm run cluster` and the tests run it as it is. */
export const CLUSTER_SITE = path.resolve(import.meta.dirname, '../../../../deploy/nginx/hearth-cluster.conf');

export interface ClusterSitePorts {
  /** The load balancer's port on 127.0.0.1 (plain HTTP). */
  listen: number;
  /** The nodes' ports on 127.0.0.1, in the upstream in this order. */
  nodes: readonly number[];
}

/**
 * The shipped cluster site for one machine: plain HTTP on one port of 127.0.0.1 instead of TLS on
 * 443 (and no redirect from 80), and the upstream listing the given nodes. Everything else (the
 * upgrade, headers, keep-alive, retries, timeouts, body size) is the file's own. A part of the file
 * the renderer no longer finds is an error, so a change to the file cannot leave the command or the
 * tests running something else.
 */
export function renderClusterSite(text: string, ports: ClusterSitePorts): string {
  if (ports.nodes.length === 0) throw new Error('A cluster needs at least one node');
  // Every node gets the parameters of the file's first server line (max_fails, fail_timeout...).
  const params = /^upstream hearth \{[^}]*?^\s*server \S+?((?: [^;\n]*)?);$/m.exec(text)?.[1] ?? '';
  const servers = ports.nodes.map((port) => `    server 127.0.0.1:${port}${params};\n`).join('');
  const steps: [string, RegExp, string][] = [
    ['the redirect from plain HTTP', /^server \{\n\s*listen 80;[\s\S]*?\n\}\n/m, ''],
    ['the TLS listen', /^(\s*)listen 443 ssl http2;$/m, `$1listen 127.0.0.1:${ports.listen};`],
    ['the IPv6 TLS listen', /^\s*listen \[::\]:443 ssl http2;\n/m, ''],
    ['the certificate', /^\s*ssl_\w+\s[^\n]*;\n/gm, ''],
    ['the nodes', /^(upstream hearth \{\n(?:\s*#[^\n]*\n)*)(?:\s*server [^\n]*\n)+/m, `$1${servers}`],
  ];
  let rendered = text;
  for (const [what, pattern, replacement] of steps) {
    if (!pattern.test(rendered)) throw new Error(`${path.basename(CLUSTER_SITE)} no longer has ${what}`);
    pattern.lastIndex = 0;
    rendered = rendered.replace(pattern, replacement);
  }
  return rendered;
}
