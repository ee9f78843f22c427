import { it } from 'vitest';
import { createTestDatabase } from '../harness.js';

// Kept out of the normal run (see run.ts). Every test here passes, but the first leaves a timer
// that throws once it has finished, while the second is still running: an uncaught error that no
// assertion sees must fail the run too.
it('harness canary: a test that passes but leaves a throwing timer', async () => {
  await createTestDatabase();
  setTimeout(() => {
    throw new Error('harness canary: thrown after its test passed');
  }, 100);
});

it('harness canary: a test that is still running when the error comes', async () => {
  await new Promise((resolve) => setTimeout(resolve, 500));
});
