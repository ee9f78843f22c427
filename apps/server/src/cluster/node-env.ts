export interface SharedServices {
  databaseUrl: string;
  redisUrl: string;
  /** Where the people open Hearth: the load balancer's address. */
  publicUrl: string;
  dataDir: string;
  /**
   * STORAGE_BACKEND=s3 and the S3_* settings of the bucket every node keeps its files in, so any
   * node serves any file (cli.ts chooses it: the operator's own, or a local S3-compatible server).
   */
  storageEnv: Record<string, string>;
}

/**
 * The environment of one node: the operator's own settings (SMTP_URL, TURN_URLS...) with what
 * makes it one node of this cluster: its port on 127.0.0.1 behind the load balancer (trusted as
 * `loopback`), the shared database, Redis and bucket.
 */
export function nodeEnv(base: NodeJS.ProcessEnv, port: number, shared: SharedServices): NodeJS.ProcessEnv {
  return {
    ...base,
    PORT: String(port),
    HOST: '127.0.0.1',
    TRUST_PROXY: 'loopback',
    DATABASE_URL: shared.databaseUrl,
    REDIS_URL: shared.redisUrl,
    PUBLIC_URL: base.PUBLIC_URL ?? shared.publicUrl,
    DATA_DIR: shared.dataDir,
    ...shared.storageEnv,
    // Relative paths in the settings mean the folder the command was started from, not the node's.
    INIT_CWD: base.INIT_CWD ?? process.cwd(),
  };
}
