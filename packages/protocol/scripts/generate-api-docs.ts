import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderApiDocs } from '../src/api-docs.js';

/** Writes docs/api.md from the protocol package (run with `npm run docs:api`). */
const target = path.resolve(import.meta.dirname, '../../../docs/api.md');
writeFileSync(target, renderApiDocs());
console.log(`Wrote ${path.relative(process.cwd(), target)}`);
