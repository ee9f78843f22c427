import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NodeSupervisor, type NodeSpec } from './supervisor.js';

/*
 * The cluster command's supervisor with real processes standing in for nodes: what the operator reads
 * when a node cannot start, at first and when it is started again.
 */

let dir: string | undefined;
let supervisor: NodeSupervisor | undefined;
afterEach(async () => {
  await supervisor?.stop(5_000);
  supervisor = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function spec(script: string): Promise<NodeSpec> {
  dir = await mkdtemp(path.join(tmpdir(), 'hearth-supervisor-'));
  return {
    name: 'node 1',
    port: 0,
    env: { ...process.env, MARKER: path.join(dir, 'started-once') },
    command: process.execPath,
    args: ['-e', script],
    cwd: dir,
    logFile: path.join(dir, 'node-1.log'),
  };
}

/** As main.ts fails on a bad setting: one plain line on stderr (after a JSON line), exit 1. */
const FAIL_ON_BAD_SETTING = `
  console.error(JSON.stringify({ level: 30, msg: 'starting' }));
  console.error('Hearth has a bad setting: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace');
  process.exit(1);`;

describe('NodeSupervisor', () => {
  it("a node that cannot start: its first start fails with the node's own reason", async () => {
    supervisor = new NodeSupervisor(await spec(FAIL_ON_BAD_SETTING), () => {});
    await expect(supervisor.start()).rejects.toThrow(
      /^node 1 exited \(code 1\) before it served: Hearth has a bad setting: LOG_LEVEL must be one of .*; see .*node-1\.log$/,
    );
  });

  it('a node that served and then cannot start again: each restart says why, with a growing back-off', async () => {
    // Serves the first time (until it exits by itself), then fails like a bad setting every time.
    const script = `
      const fs = require('node:fs');
      if (!fs.existsSync(process.env.MARKER)) {
        fs.writeFileSync(process.env.MARKER, '');
        console.log('Hearth is running on http://localhost:1');
        setTimeout(() => process.exit(0), 100);
      } else {${FAIL_ON_BAD_SETTING}}`;
    const lines: string[] = [];
    supervisor = new NodeSupervisor(await spec(script), (line) => lines.push(line));
    await supervisor.start();
    await expect.poll(() => lines.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    const [up, ...exits] = lines;
    expect(up).toMatch(/^node 1 is up: pid \d+/);
    expect(exits[0]).toMatch(/^node 1 \(pid \d+\) exited with code 0; starting it again in 1 s$/);
    expect(exits[1]).toMatch(
      /^node 1 \(pid \d+\) exited with code 1 \(Hearth has a bad setting: LOG_LEVEL must be .*\); starting it again in 2 s$/,
    );
  }, 20_000);
});
