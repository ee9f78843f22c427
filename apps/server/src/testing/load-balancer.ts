/**
 * nginx as the load balancer of a cluster on this machine, running the site the repository ships
 * for real machines (deploy/nginx/hearth-cluster.conf), rendered for plain HTTP on one port of
 * 127.0.0.1 in front of nodes on 127.0.0.1. Used by `npm run cluster` and the cluster tests.
 */
import { readFile } from 'node:fs/promises';
import { CLUSTER_SITE, renderClusterSite } from '../cluster/site.js';
import { freePort } from '../net/free-port.js';
import { startNginx, type RunningNginx } from './nginx.js';

export interface LoadBalancer {
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string;
  readonly port: number;
  /** nginx's own process, its folder and what it wrote to stderr. */
  readonly nginx: RunningNginx;
  stop(): Promise<void>;
}

/**
 * Starts the load balancer over the nodes' ports (which need not be listening yet), on `port` or a
 * free one. Its worker holds two sockets per proxied connection, so it is sized for a few thousand.
 */
export async function startLoadBalancer(nodePorts: readonly number[], port?: number): Promise<LoadBalancer> {
  const listen = port ?? (await freePort());
  const site = renderClusterSite(await readFile(CLUSTER_SITE, 'utf8'), { listen, nodes: nodePorts });
  const nginx = await startNginx({ site, readyPort: listen, workerConnections: 8192 });
  return { url: `http://127.0.0.1:${listen}`, port: listen, nginx, stop: () => nginx.stop() };
}
