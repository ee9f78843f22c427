/**
 * The compiled server: src/main.ts and everything it imports, @hearth/protocol included (it exports
 * TypeScript sources, which plain node cannot load), bundled by esbuild into one ES module that runs
 * under plain `node`. Installed packages stay outside it, imported from node_modules as before: some
 * are native (sharp) or find files of their own package at run time (the embedded PostgreSQL).
 */
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/** Every bare import but the workspace's own packages is left to node's resolution at run time. */
const installedPackagesStayExternal: Plugin = {
  name: 'installed-packages-stay-external',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@hearth/') ? undefined : { external: true },
    );
  },
};

/**
 * Writes <server>/dist/main.js (with its source map) and dist/migrations/. The bundle sits one folder
 * below the server's package, as its sources do, so paths the code takes from import.meta keep
 * pointing at the same places: ./migrations/ beside it (copied there), ../../web/dist for the client.
 */
export async function bundleServer(serverRoot: string): Promise<void> {
  const dist = path.join(serverRoot, 'dist');
  await rm(dist, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(serverRoot, 'src/main.ts')],
    outfile: path.join(dist, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'error',
    plugins: [installedPackagesStayExternal],
  });
  await cp(path.join(serverRoot, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
}
