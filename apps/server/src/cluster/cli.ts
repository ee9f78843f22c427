/**
 * `npm run cluster -- --nodes N`: Hearth as a cluster on this machine. Builds like `npm start`, then
 * starts one PostgreSQL (the embedded one in DATA_DIR, or DATABASE_URL), one Redis (data in
 * DATA_DIR/redis), one S3-compatible bucket (data in DATA_DIR/s3, or the operator's S3_*), N compiled nodes on free ports of 127.0.0.1 and the shipped nginx load balancer in
 * front on PORT (8080), and keeps the nodes running. Ctrl-C drains the nodes and stops everything.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuilt } from '../build/ensure-built.js';
import { buildTargets } from '../build/targets.js';
import { startEmbeddedPostgres } from '../db/embedded/index.js';
import { freePort } from '../net/free-port.js';
import { startLoadBalancer } from '../testing/load-balancer.js';
import { startS3Server } from '../testing/s3-server.js';
import { startClusterRedis } from './redis.js';
import { nodeEnv } from './node-env.js';
import { NodeSupervisor } from './supervisor.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const COMPILED_MAIN = 'apps/server/dist/main.js';
/** A node's drain takes at most its SHUTDOWN_GRACE_MS (25 s by default); a little more before SIGKILL. */
const NODE_STOP_TIMEOUT_MS = 35_000;

const say = (line: string) => console.log(`[cluster] ${line}`);

function settings() {
  const { values } = parseArgs({ options: { nodes: { type: 'string', default: '2' } } });
  const nodes = Number(values.nodes);
  if (!Number.isInteger(nodes) || nodes < 1 || nodes > 32)
    throw new Error('--nodes must be a whole number from 1 to 32');
  const port = Number(process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PORT must be a port number, got "${process.env.PORT}"`);
  const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './data');
  return { nodes, port, dataDir };
}

/** What was started, stopped last first. */
const stops: (() => Promise<void>)[] = [];
const supervisors: NodeSupervisor[] = [];
let stopping: Promise<void> | undefined;

function stopAll(): Promise<void> {
  return (stopping ??= (async () => {
    say('stopping: draining the nodes...');
    await Promise.all(supervisors.map((node) => node.stop(NODE_STOP_TIMEOUT_MS)));
    for (const stop of stops.reverse()) await stop().catch((err: unknown) => say(`while stopping: ${String(err)}`));
    say('stopped');
  })());
}

async function main(): Promise<void> {
  const { nodes, port, dataDir } = settings();
  await ensureBuilt(buildTargets(ROOT), say);
  await mkdir(path.join(dataDir, 'logs'), { recursive: true, mode: 0o700 });

  let databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) say('database: DATABASE_URL');
  else {
    const db = await startEmbeddedPostgres(dataDir, Number(process.env.EMBEDDED_PG_PORT ?? 0));
    stops.push(() => db.stop());
    databaseUrl = db.url;
    say(`database: embedded PostgreSQL in ${db.databaseDir} on port ${db.port} (pid ${db.pid})`);
  }
  const redis = await startClusterRedis(path.join(dataDir, 'redis'));
  stops.push(() => redis.stop());
  say(`redis: ${redis.url} (pid ${redis.pid})`);

  const storageEnv = await clusterStorage(dataDir);

  const nodePorts = await Promise.all(Array.from({ length: nodes }, () => freePort()));
  const lbPort = port || (await freePort());
  const publicUrl = `http://localhost:${lbPort}`;
  const shared = { databaseUrl, redisUrl: redis.url, publicUrl, dataDir, storageEnv };
  for (const [i, nodePort] of nodePorts.entries()) {
    const name = `node ${i + 1}`;
    const logFile = path.join(dataDir, 'logs', `node-${i + 1}.log`);
    const env = nodeEnv(process.env, nodePort, shared);
    const args = ['--enable-source-maps', COMPILED_MAIN];
    supervisors.push(
      new NodeSupervisor({ name, port: nodePort, env, command: process.execPath, args, cwd: ROOT, logFile }, say),
    );
  }
  process.on('exit', () => supervisors.forEach((node) => node.kill()));
  // Together, as a cluster starts: the migration lock keeps them from racing.
  await Promise.all(supervisors.map((node) => node.start()));

  const lb = await startLoadBalancer(nodePorts, lbPort);
  stops.push(() => lb.stop());
  say(`load balancer: nginx (pid ${lb.nginx.pid}) on port ${lb.port}`);
  say(`Hearth is running as a cluster of ${nodes} node${nodes > 1 ? 's' : ''}: open ${publicUrl}`);
  say(`node logs in ${path.join(dataDir, 'logs')}; Ctrl-C stops everything`);
}

/**
 * Where every node keeps its files: one bucket, so that any node serves any file. The operator's own
 * S3-compatible storage when STORAGE_BACKEND=s3 is set (the S3_* settings reach the nodes with the
 * rest of the environment); otherwise a local S3-compatible server (s3rver, installed with the
 * project) with its objects kept in DATA_DIR/s3, as the database keeps its rows in DATA_DIR.
 */
async function clusterStorage(dataDir: string): Promise<Record<string, string>> {
  if (process.env.STORAGE_BACKEND === 's3') {
    say(`files: the bucket ${process.env.S3_BUCKET ?? '(S3_BUCKET unset)'} of S3_ENDPOINT`);
    return {};
  }
  const directory = path.join(dataDir, 's3');
  const s3 = await startS3Server({ directory, detached: true });
  stops.push(() => s3.stop());
  say(`files: a local S3-compatible server on ${s3.env.S3_ENDPOINT} keeping them in ${directory} (pid ${s3.pid})`);
  return s3.env;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => void stopAll().then(() => process.exit(0)));

main().catch(async (err: unknown) => {
  say(`could not start: ${err instanceof Error ? err.message : String(err)}`);
  await stopAll();
  process.exit(1);
});
