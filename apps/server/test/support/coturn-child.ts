/** A stand-in server for turn.test.ts: starts a local coturn, prints its pid, and waits to be killed. */
import { ensureCoturn } from '../../src/testing/coturn.js';
import { startLocalCoturn } from '../../src/voice/coturn.js';

const coturn = await startLocalCoturn({ executable: ensureCoturn(), host: '127.0.0.1' });
console.log(`coturn ${coturn.pid}`);
setInterval(() => {}, 60_000);
