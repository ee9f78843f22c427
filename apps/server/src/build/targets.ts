/**
 * What `npm start` and `npm run build` build, and from which sources. Tests are left out of the
 * fingerprints: changing one does not change what is built. package-lock.json is in both, so an
 * install that changes a dependency rebuilds.
 */
import path from 'node:path';
import type { BuildTarget } from './ensure-built.js';
import { bundleServer } from './server-bundle.js';
import { buildWebClient } from './web-build.js';

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const SHARED = ['packages/protocol/src', 'packages/protocol/package.json', 'package-lock.json', 'tsconfig.base.json'];

export function buildTargets(root: string): BuildTarget[] {
  const stamps = path.join(root, 'node_modules/.cache/hearth-build');
  return [
    {
      name: 'the server',
      sources: {
        root,
        paths: ['apps/server/src', 'apps/server/package.json', 'apps/server/tsconfig.json', ...SHARED],
        skip: (file) => isTest(file) || file.startsWith('apps/server/src/testing/'),
      },
      outputs: [path.join(root, 'apps/server/dist/main.js')],
      stampFile: path.join(stamps, 'server.sha256'),
      build: () => bundleServer(path.join(root, 'apps/server')),
    },
    {
      name: 'the web client',
      sources: {
        root,
        paths: ['apps/web', ...SHARED],
        skip: (file) => isTest(file) || file.startsWith('apps/web/src/test/'),
      },
      outputs: [path.join(root, 'apps/web/dist/index.html')],
      stampFile: path.join(stamps, 'web.sha256'),
      build: () => buildWebClient(path.join(root, 'apps/web')),
    },
  ];
}
