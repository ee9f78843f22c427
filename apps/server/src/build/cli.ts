/**
 * `npm run build`, and the first step of `npm start`: builds the server and the web client when their
 * sources changed since their last build, and says in one line what it did.
 */
import path from 'node:path';
import { ensureBuilt } from './ensure-built.js';
import { buildTargets } from './targets.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

try {
  await ensureBuilt(buildTargets(ROOT), (line) => console.log(line));
} catch (err) {
  console.error(`The build failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
