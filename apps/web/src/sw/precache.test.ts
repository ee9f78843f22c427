import { describe, expect, it } from 'vitest';
import { precacheShell, shellFiles } from './precache';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <script type="module" crossorigin src="/assets/index-AbC_12-x.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-dom-CCYHjQQ_.js">
    <link rel="stylesheet" crossorigin href="/assets/index-DdRFQ1iB.css">
    <link rel="manifest" href="/manifest.webmanifest">
    <link rel="stylesheet" href="https://fonts.example/x.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

const entry = (url: string) => ({ url, revision: url === 'index.html' ? 'r1' : null, size: 1 });

describe('the precache list', () => {
  it("is index.html's script, module preloads and style sheets, from this origin only", () => {
    expect([...shellFiles(INDEX)].sort()).toEqual([
      'assets/index-AbC_12-x.js',
      'assets/index-DdRFQ1iB.css',
      'assets/react-dom-CCYHjQQ_.js',
    ]);
  });

  it('keeps the shell and leaves out lazy chunks, workers, dictionaries, WebAssembly and compressed copies', () => {
    const found = [
      'index.html',
      'assets/index-AbC_12-x.js',
      'assets/index-AbC_12-x.js.br',
      'assets/index-AbC_12-x.js.gz',
      'assets/react-dom-CCYHjQQ_.js',
      'assets/index-DdRFQ1iB.css',
      'assets/index-DdRFQ1iB.css.br',
      'assets/compact-CelYNJqw.js',
      'assets/SettingsScreen-CTOiSbRj.js',
      'assets/spellcheck.worker-B1x2y3z4.js',
      'assets/en-Ab12Cd34.dic',
      'assets/en-Ab12Cd34.aff',
      'assets/rnnoise-Zz99Yy88.wasm',
    ].map(entry);
    expect(precacheShell(found, INDEX).map((e) => e.url)).toEqual([
      'index.html',
      'assets/index-AbC_12-x.js',
      'assets/react-dom-CCYHjQQ_.js',
      'assets/index-DdRFQ1iB.css',
    ]);
  });

  it('fails the build rather than leave the shell without a file it needs', () => {
    expect(() => precacheShell(['index.html', 'assets/index-AbC_12-x.js'].map(entry), INDEX)).toThrow(
      /missing files index.html names: .*react-dom/,
    );
    const withoutPage = ['assets/index-AbC_12-x.js', 'assets/react-dom-CCYHjQQ_.js', 'assets/index-DdRFQ1iB.css'];
    expect(() => precacheShell(withoutPage.map(entry), INDEX)).toThrow('no index.html');
  });
});
