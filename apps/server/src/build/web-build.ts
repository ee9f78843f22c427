/**
 * The web client's production build (`vite build` in apps/web), run as a child process whose output
 * is kept and shown only when it fails, so a start that builds still says one line.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

export async function buildWebClient(webRoot: string): Promise<void> {
  const vite = path.join(
    path.dirname(createRequire(path.join(webRoot, 'package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build'], { cwd: webRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-20_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
  if (code !== 0) throw new Error(`vite build exited ${code}:\n${output.slice(-6_000)}`);
}
