/**
 * Upload memory benchmark: `npm run bench:upload [-- --megabytes 25 --uploads 5]`.
 *
 * Starts Hearth (embedded PostgreSQL, fresh data folder), then uploads a file of the given size
 * several times, one after another, while sampling the server process's resident memory (RSS,
 * from /proc) every 10 ms. A server that buffered uploads would grow by at least the file's size
 * per upload in flight; a streaming one stays near where it started. Also times each upload.
 * Linux only (it reads /proc).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AuthAnswer } from '@hearth/protocol';
import { freePort, startServerProcess, stopAllServerProcesses } from '@hearth/server/testing';
import { positiveParam } from '../params.js';

const MB = 1024 * 1024;
const SAMPLE_MS = 10;

function readParams() {
  const { values } = parseArgs({ options: { megabytes: { type: 'string' }, uploads: { type: 'string' } } });
  return {
    megabytes: positiveParam(values.megabytes, 'UPLOAD_MEGABYTES', 25),
    uploads: Math.round(positiveParam(values.uploads, 'UPLOAD_COUNT', 5)),
  };
}

/** Resident memory of a process in bytes (VmRSS). */
function rss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/** Samples RSS until stopped; resolves with the highest value seen. */
function sampleRss(pid: number) {
  let peak = rss(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rss(pid))), SAMPLE_MS);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rss(pid));
  };
}

/** Bytes that do not compress or look like a known format: a worst case for the type check, as a zip would be. */
function payload(bytes: number): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(new ArrayBuffer(bytes));
  let x = 2463534242;
  for (let i = 0; i < bytes; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    data[i] = x & 0xff;
  }
  return data;
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

async function main() {
  const p = readParams();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hearth-bench-upload-'));
  const size = Math.round(p.megabytes * MB);
  try {
    console.log('Hearth: starting (fresh data folder, embedded PostgreSQL)');
    const server = await startServerProcess({
      name: 'Hearth',
      env: {
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(await freePort()),
        UPLOAD_MAX_BYTES: String(size),
        RATE_LIMIT_SCALE: '100',
      },
      startTimeoutMs: 300_000,
      echoStderr: true,
    });
    try {
      const res = await fetch(`${server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'upload_bench', password: 'benchpass' }),
      });
      const { access_token: token } = (await res.json()) as AuthAnswer;
      const file = new Blob([payload(size)], { type: 'application/octet-stream' });
      const upload = async () => {
        const form = new FormData();
        form.append('file', file, 'big.bin');
        const t0 = performance.now();
        const answer = await fetch(`${server.url}/api/upload/attachment`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        if (answer.status !== 201) throw new Error(`upload: ${answer.status} ${await answer.text()}`);
        await answer.arrayBuffer();
        return performance.now() - t0;
      };

      // One small upload first, so the upload path's code is loaded before the baseline is read.
      await upload().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 500));
      const before = rss(server.pid);
      const rows: string[] = [];
      let highest = before;
      for (let i = 1; i <= p.uploads; i++) {
        const stop = sampleRss(server.pid);
        const ms = await upload();
        const peak = stop();
        highest = Math.max(highest, peak);
        rows.push(
          `| ${i} | ${Math.round(ms)} | ${((size / MB / ms) * 1000).toFixed(0)} | ${mb(peak)} | ${mb(peak - before)} |`,
        );
      }
      const after = rss(server.pid);
      const cpu = cpus();
      console.log(`\nUpload memory: ${p.uploads} uploads of ${mb(size)}, one after another, over loopback`);
      console.log(`Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}\n`);
      console.log('| Upload | Time (ms) | MB/s | Server RSS peak | Peak above start |');
      console.log('|---:|---:|---:|---:|---:|');
      for (const row of rows) console.log(row);
      console.log(
        `\nServer RSS: ${mb(before)} before, highest ${mb(highest)} (+${mb(highest - before)}), ${mb(after)} after.`,
      );
      const flat = highest - before < size / 2;
      console.log(
        `Budget: memory flat while uploading (growth under half the file, ${mb(size / 2)}): ${flat ? 'met' : 'MISSED'}`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

process.on('SIGINT', () => void stopAllServerProcesses().finally(() => process.exit(130)));
main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
