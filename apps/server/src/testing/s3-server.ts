/**
 * A throwaway S3-compatible server for tests (and for `npm run cluster`, which keeps its folder): s3rver on a free port of 127.0.0.1, its objects in a
 * temporary folder removed when it stops (and the process killed if this one exits first), with one
 * bucket made at start. It is a stand-in: no maintained S3 server installs from npm or Debian's
 * packages (MinIO, Garage and SeaweedFS are not packaged), so the tests run against this small
 * Node implementation of the S3 API, while the client under test is the real AWS SDK.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ThrowawayS3 {
  /** The server's settings for it: STORAGE_BACKEND=s3 and the S3_* settings. */
  env: Record<string, string>;
  /** The s3rver process. */
  pid: number;
  stop(): Promise<void>;
}

export interface S3ServerOptions {
  /**
   * Where the objects are kept, and kept after stop (the cluster command's DATA_DIR/s3). Without it,
   * a temporary folder removed at stop.
   */
  directory?: string;
  /** A process group of its own, so a terminal's Ctrl-C reaches only whoever stops it (the cluster command). */
  detached?: boolean;
}

const LISTENING = /S3rver listening on [^:\s]+:(\d+)/;
/** s3rver's fixed credentials. */
const ACCESS_KEY = 'S3RVER';
const BUCKET = 'hearth';

export function startThrowawayS3(): Promise<ThrowawayS3> {
  return startS3Server();
}

/** s3rver with the bucket made, in `options.directory` or a temporary folder. */
export async function startS3Server(options: S3ServerOptions = {}): Promise<ThrowawayS3> {
  const script = path.join(
    path.dirname(createRequire(import.meta.url).resolve('s3rver/package.json')),
    'bin/s3rver.js',
  );
  const kept = options.directory !== undefined;
  if (kept) await mkdir(options.directory!, { recursive: true, mode: 0o700 });
  const directory = options.directory ?? (await mkdtemp(path.join(tmpdir(), 'hearth-s3-')));
  const removeFolder = () => (kept ? Promise.resolve() : rm(directory, { recursive: true, force: true }));
  // --openssl-legacy-provider: s3rver makes ListObjectsV2's continuation tokens with a cipher that
  // OpenSSL 3 keeps in its legacy provider; without it a listing of more than one page answers 500.
  const args = ['--openssl-legacy-provider', script, '-d', directory, '-p', '0', '-a', '127.0.0.1', '-s'];
  args.push('--configure-bucket', BUCKET);
  const child = spawn(process.execPath, args, { detached: options.detached, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  let output = '';
  let timer: NodeJS.Timeout | undefined;
  const port = await new Promise<number | null>((resolve) => {
    timer = setTimeout(() => resolve(null), 30_000);
    const read = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-10_000);
      const m = LISTENING.exec(output);
      if (m) resolve(Number(m[1]));
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('error', () => resolve(null));
    void exited.then(() => resolve(null));
  });
  clearTimeout(timer);
  const kill = () => child.kill('SIGKILL');
  if (port === null) {
    kill();
    await removeFolder();
    throw new Error(`The test S3 server did not start: ${output.trim().split('\n').slice(-3).join(' ')}`);
  }
  process.on('exit', kill);
  return {
    env: {
      STORAGE_BACKEND: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    pid: child.pid!,
    stop: async () => {
      process.off('exit', kill);
      child.kill('SIGTERM');
      await exited;
      await removeFolder();
    },
  };
}
