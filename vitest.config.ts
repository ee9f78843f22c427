import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The canaries of apps/server/test/harness-check are tests written to fail; only that check runs them.
const harnessCheck = process.env.HEARTH_HARNESS_CHECK === '1';

/*
 * Tests whose time limits are the requirement itself (a killed node's clients back within 2 s). They
 * run after every other file, alone on the machine: beside two busy test workers on two cores the
 * same cluster took 2.9 s, which says how busy the machine was, not how the cluster behaves.
 */
const TIMED = ['apps/server/test/rolling-restart.test.ts'];
const serverProject = {
  globalSetup: ['apps/server/test/global-setup.ts'],
  pool: 'forks' as const,
  testTimeout: 30_000,
  hookTimeout: 90_000,
};

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 90_000,
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/**/*.test.ts',
            'bench/**/*.test.ts',
            ...(harnessCheck ? ['apps/server/test/harness-check/*.canary.ts'] : []),
          ],
          exclude: ['**/node_modules/**', '**/.git/**', ...TIMED],
          ...serverProject,
        },
      },
      {
        test: {
          name: 'server-timed',
          include: TIMED,
          ...serverProject,
          sequence: { groupOrder: 1 },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A project does not inherit the limits above. They are only bounds on a hung test: a first
          // import of a lazily loaded module tree can take over 10 s on a busy machine.
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
