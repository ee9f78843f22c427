import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureBuilt, type BuildTarget } from './ensure-built.js';

let root: string;
let builds: string[];
let lines: string[];

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'hearth-build-'));
  await mkdir(path.join(root, 'a/src'), { recursive: true });
  await mkdir(path.join(root, 'b/src'), { recursive: true });
  await writeFile(path.join(root, 'a/src/main.ts'), 'export const a = 1;\n');
  await writeFile(path.join(root, 'b/src/main.ts'), 'export const b = 1;\n');
  await writeFile(path.join(root, 'lock.json'), '{}');
  builds = [];
  lines = [];
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** A target whose build copies its source to out/<id>.js and counts itself. */
function target(id: 'a' | 'b', name: string, fail = false): BuildTarget {
  const output = path.join(root, 'out', `${id}.js`);
  return {
    name,
    sources: { root, paths: [`${id}/src`, 'lock.json'], skip: (file) => file.endsWith('.test.ts') },
    outputs: [output],
    stampFile: path.join(root, 'stamps', `${id}.sha256`),
    async build() {
      builds.push(id);
      if (fail) throw new Error(`${id} does not compile`);
      await mkdir(path.dirname(output), { recursive: true });
      await writeFile(output, await readFile(path.join(root, id, 'src/main.ts')));
    },
  };
}

const both = () => [target('a', 'the server'), target('b', 'the web client')];
const run = (targets: BuildTarget[]) => ensureBuilt(targets, (line) => lines.push(line));

describe('building only what changed', () => {
  it('builds everything the first time, then nothing while the sources stay as they were', async () => {
    expect(await run(both())).toEqual(['the server', 'the web client']);
    expect(lines).toEqual(['Building the server and the web client (not built yet)...']);

    expect(await run(both())).toEqual([]);
    expect(lines[1]).toBe('Server and web client are up to date');
    expect(builds).toEqual(['a', 'b']);
  });

  it("rebuilds only the target whose source's contents changed", async () => {
    await run(both());
    await writeFile(path.join(root, 'b/src/main.ts'), 'export const b = 2;\n');
    expect(await run(both())).toEqual(['the web client']);
    expect(lines[1]).toBe('Building the web client (sources changed)...');
    expect(await readFile(path.join(root, 'out/b.js'), 'utf8')).toBe('export const b = 2;\n');
  });

  it('rebuilds for a new source file and for a changed shared file such as the lock file', async () => {
    await run(both());
    await writeFile(path.join(root, 'a/src/extra.ts'), 'export {};\n');
    expect(await run(both())).toEqual(['the server']);
    await writeFile(path.join(root, 'lock.json'), '{"changed":true}');
    expect(await run(both())).toEqual(['the server', 'the web client']);
  });

  it('does not rebuild for a file saved unchanged (only its time moves), nor for a changed test', async () => {
    await run(both());
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(root, 'a/src/main.ts'), later, later);
    await writeFile(path.join(root, 'a/src/main.test.ts'), 'test();\n');
    expect(await run(both())).toEqual([]);
    expect(builds).toEqual(['a', 'b']);
  });

  it('rebuilds when an output is gone, whatever the stamp says', async () => {
    await run(both());
    await rm(path.join(root, 'out/a.js'));
    expect(await run(both())).toEqual(['the server']);
  });

  it('does not take a failed build for a finished one', async () => {
    await run(both());
    await writeFile(path.join(root, 'a/src/main.ts'), 'export const a = ;\n');
    await expect(run([target('a', 'the server', true)])).rejects.toThrow('a does not compile');
    // Put back as it was when it last built: the build still runs, since the one after it failed.
    await writeFile(path.join(root, 'a/src/main.ts'), 'export const a = 1;\n');
    expect(await run([target('a', 'the server')])).toEqual(['the server']);
  });
});
