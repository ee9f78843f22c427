import { it } from 'vitest';
import { createTestDatabase } from '../harness.js';

// Kept out of the normal run (see run.ts): an error thrown outside any test must fail the run too.
it('harness canary: an uncaught error', async () => {
  await createTestDatabase();
  setTimeout(() => {
    throw new Error('harness canary: thrown outside the test');
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
});
