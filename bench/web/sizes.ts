import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

export interface AssetSize {
  file: string;
  /** Size on disk, before any compression. */
  bytes: number;
}

export interface InitialSizes {
  js: AssetSize[];
  /** The same scripts gzipped at level 9, the usual measure of a bundle budget. */
  jsGzip: AssetSize[];
  css: AssetSize[];
}

/**
 * What the browser loads before the app can run: the scripts, module preloads and style sheets that
 * dist/index.html names. Chunks loaded later (lazy routes) are not counted.
 */
export function initialSizes(dist: string): InitialSizes {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attr(tag, 'src');
    if (src) js.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attr(tag, 'rel');
    const href = attr(tag, 'href');
    if (!href) continue;
    if (rel === 'modulepreload') js.add(href);
    if (rel === 'stylesheet') css.add(href);
  }
  const size = (url: string): AssetSize => {
    const data = readFileSync(path.join(dist, url.replace(/^\//, '')));
    return { file: url, bytes: data.length };
  };
  const gzipped = (url: string): AssetSize => {
    const data = readFileSync(path.join(dist, url.replace(/^\//, '')));
    return { file: url, bytes: gzipSync(data, { level: 9 }).length };
  };
  return { js: [...js].map(size), jsGzip: [...js].map(gzipped), css: [...css].map(size) };
}

export const total = (assets: AssetSize[]) => assets.reduce((sum, a) => sum + a.bytes, 0);
