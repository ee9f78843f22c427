export interface SharedServices {
  databaseUrl: string;
  redisUrl: string;
  /** Where the people open Hearth: the load balancer's address. */
  publicUrl: string;
  dataDir: string;
}

/**
 * Where the nodes keep files. The one place the storage of a cluster's nodes is chosen: for now
 * they share one folder on this machine's disk (DATA_DIR/files, the local-disk storage), which works
 * because they all run here; nodes on several machines need a storage every node reaches.
 */
export function nodeStorageEnv(dataDir: string): Record<string, string> {
  return { DATA_DIR: dataDir };
}

/**
 * The environment of one node: the operator's own settings (SMTP_URL, TURN_URLS...) with what
 * makes it one node of this cluster: its port on 127.0.0.1 behind the load balancer (trusted as
 * `loopback`), the shared database and Redis, and the shared storage.
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
    ...nodeStorageEnv(shared.dataDir),
    // Relative paths in the settings mean the folder the command was started from, not the node's.
    INIT_CWD: base.INIT_CWD ?? process.cwd(),
  };
}
