import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { Api, LiveClient } from '../client.js';
import { startServerProcess, stopAllServerProcesses, type ServerProcess } from '../../src/testing/server-process.js';

/** One server process of a test cluster. */
export interface ClusterNode {
  name: string;
  process: ServerProcess;
  api: Api;
  url: string;
}

/**
 * Server processes sharing one fresh PostgreSQL database and one Redis key prefix, as a cluster
 * runs (the test run's PostgreSQL and Redis, see global-setup.ts: embedded and throwaway unless
 * TEST_PG_URL / TEST_REDIS_URL point elsewhere). `useProcessCluster` makes one for a test file:
 * it prints the nodes' output when a test fails and removes everything in afterAll.
 */
export class ProcessCluster {
  readonly nodes: ClusterNode[] = [];
  private created = false;

  private constructor(
    /** What every node is started with: the caller's settings plus DATABASE_URL, REDIS_URL (unless given), REDIS_PREFIX. */
    readonly env: Record<string, string>,
    private readonly pgUrl: string,
    private readonly dbName: string,
  ) {}

  /** The database the nodes share, for a test's own queries. */
  get databaseUrl(): string {
    return this.env.DATABASE_URL!;
  }

  /** Creates the database; no node runs yet. */
  static async create(env: Record<string, string> = {}): Promise<ProcessCluster> {
    const pgUrl = inject('testPgUrl');
    const dbName = `t_${randomBytes(6).toString('hex')}`;
    const url = new URL(pgUrl);
    url.pathname = `/${dbName}`;
    const cluster = new ProcessCluster(
      {
        WEB_DIST: '',
        ...env,
        DATABASE_URL: url.toString(),
        // A test that stages a Redis outage brings a Redis of its own.
        REDIS_URL: env.REDIS_URL ?? inject('testRedisUrl'),
        REDIS_PREFIX: `test:${randomBytes(6).toString('hex')}:`,
      },
      pgUrl,
      dbName,
    );
    await cluster.onServer(`CREATE DATABASE ${dbName}`);
    cluster.created = true;
    return cluster;
  }

  /** Starts one more node. */
  async startNode(name: string): Promise<ClusterNode> {
    const process = await startServerProcess({ env: this.env, name });
    const node = { name, process, api: new Api(process.url), url: process.url };
    this.nodes.push(node);
    return node;
  }

  /** Starts nodes together, as a cluster would be: the migration lock keeps them from racing. */
  startNodes<const N extends readonly string[]>(...names: N): Promise<{ -readonly [K in keyof N]: ClusterNode }> {
    return Promise.all(names.map((name) => this.startNode(name))) as Promise<{ -readonly [K in keyof N]: ClusterNode }>;
  }

  /** What each node said lately: a failure is easier to read with it. */
  printOutput(): void {
    for (const node of this.nodes)
      console.error(`--- output of ${node.name} ---\n${node.process.output().slice(-4_000)}`);
  }

  /** Stops every node, drops the database and removes the cluster's keys from Redis. */
  async destroy(): Promise<void> {
    await stopAllServerProcesses();
    if (this.created) await this.onServer(`DROP DATABASE IF EXISTS ${this.dbName} WITH (FORCE)`);
    const redis = new Redis(this.env.REDIS_URL!, { maxRetriesPerRequest: 3 });
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${this.env.REDIS_PREFIX}*`, 'COUNT', 1000);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
  }

  private async onServer(sql: string): Promise<void> {
    const client = new pg.Client({ connectionString: this.pgUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }
}

/**
 * A cluster for this test file, made by the caller's beforeAll (`start`); the file's tests print the
 * nodes' output when they fail, and afterAll takes the cluster down. `get()` is the cluster once made.
 */
export function useProcessCluster(env: Record<string, string> = {}): {
  start(): Promise<ProcessCluster>;
  get(): ProcessCluster;
} {
  let cluster: ProcessCluster | undefined;
  beforeEach(({ onTestFailed }) => onTestFailed(() => cluster?.printOutput()));
  afterAll(async () => {
    await cluster?.destroy();
  });
  return {
    async start() {
      cluster = await ProcessCluster.create(env);
      return cluster;
    },
    get() {
      if (!cluster) throw new Error('the cluster has not been started');
      return cluster;
    },
  };
}

/**
 * Two nodes of one cluster for a describe block, started in its beforeAll, with `connect` for live
 * clients on either node (closed in afterAll): the shape of every "across two nodes" case.
 */
export function useTwoNodes(): {
  nodes(): [ClusterNode, ClusterNode];
  connect(node: ClusterNode, who: { token: string }): Promise<LiveClient>;
} {
  const cluster = useProcessCluster();
  let started: [ClusterNode, ClusterNode] | undefined;
  const clients: LiveClient[] = [];
  beforeAll(async () => {
    started = await (await cluster.start()).startNodes('node 1', 'node 2');
  }, 120_000);
  afterAll(() => {
    for (const c of clients) c.socket.terminate();
  });
  return {
    nodes() {
      if (!started) throw new Error('the two nodes have not been started');
      return started;
    },
    async connect(node, who) {
      const client = await LiveClient.authed(node.url, who.token);
      clients.push(client);
      return client;
    },
  };
}
