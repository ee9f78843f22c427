/**
 * A throwaway S3-compatible server for tests: s3rver on a free port of 127.0.0.1, its objects in a
 * temporary folder removed when it stops (and the process killed if this one exits first), with one
 * bucket made at start. It is a stand-in: no maintained S3 server installs from npm or Debian's
 * packages (MinIO, Garage and SeaweedFS are not packaged), so the tests run against this small
 * Node implementation of the S3 API, while the client under test is the real AWS SDK.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ThrowawayS3 {
  /** The server's settings for it: STORAGE_BACKEND=s3 and the S3_* settings. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const LISTENING = /S3rver listening on [^:\s]+:(\d+)/;
/** s3rver's fixed credentials. */
const ACCESS_KEY = 'S3RVER';
const BUCKET = 'hearth';

export async function startThrowawayS3(): Promise<ThrowawayS3> {
  const script = path.join(
    path.dirname(createRequire(import.meta.url).resolve('s3rver/package.json')),
    'bin/s3rver.js',
  );
  const directory = await mkdtemp(path.join(tmpdir(), 'hearth-s3-'));
  // --openssl-legacy-provider: s3rver makes ListObjectsV2's continuation tokens with a cipher that
  // OpenSSL 3 keeps in its legacy provider; without it a listing of more than one page answers 500.
  const args = ['--openssl-legacy-provider', script, '-d', directory, '-p', '0', '-a', '127.0.0.1', '-s'];
  args.push('--configure-bucket', BUCKET);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
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
    await rm(directory, { recursive: true, force: true });
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
    stop: async () => {
      process.off('exit', kill);
      child.kill('SIGTERM');
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
