import { expect, it } from 'vitest';
import { createTestDatabase } from '../harness.js';

// Kept out of the normal run (see run.ts): it must fail, through the server tests' own set-up.
it('harness canary: a failing assertion', async () => {
  expect(await createTestDatabase()).toMatch(/^postgres:/);
  expect(1 + 1).toBe(3);
});
