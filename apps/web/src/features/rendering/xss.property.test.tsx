import fc from 'fast-check';
import { act, cleanup } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderMessage } from './test-render';

/** Attacks in every form a link can be written in, plus markup, entities and nesting. */
const SCHEMES = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  ' javascript:alert(1)',
  '\u0001javascript:alert(1)',
  'javascript&#58;alert(1)',
  '&#106;avascript:alert(1)',
  '&#x6A;avascript:alert(1)',
  '%6Aavascript:alert(1)',
  'javascript://%0aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:image/svg+xml,<svg onload=alert(1)>',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  '//evil.example/x',
  '/\\evil.example',
  'file:///etc/passwd',
];

const linkForms = (target: string) => [
  `[click](${target})`,
  `[click](<${target}>)`,
  `[click](${target} "title")`,
  `<${target}>`,
  `**[bold](${target})**`,
  `||[hidden](${target})||`,
  `> [quoted](${target})`,
  `[[nested](${target})](${target})`,
  `![img](${target})`,
  `[x](https://ok.example)(${target})`,
  target,
];

const CORPUS = [
  ...SCHEMES.flatMap(linkForms),
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '"><script>alert(1)</script>',
  "' onmouseover='alert(1)",
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;script&#62;',
  '**<b onclick=alert(1)>x</b>**',
  '`<script>alert(1)</script>`',
  '```html\n<script>alert(1)</script>\n```',
  '||<img src=x onerror=alert(1)>||',
  '> <script>alert(1)</script>',
  ':script: @onload :onerror:',
  'https://example.com/"onmouseover="alert(1)',
  'https://example.com/<script>',
  '[x](https://example.com" onclick="alert(1))',
  '[x](https://example.com "a\\" onclick=\\"alert(1)")',
  'https://youtu.be/dQw4w9WgXcQ',
  'https://media.giphy.com/a/x.gif',
  '# [x](javascript:alert(1))\n## <img src=x onerror=alert(1)>',
  '- [y](data:text/html,x)\n  - <script>alert(1)</script>\n1. ||[z](javascript:alert(1))||',
  '> ### <svg/onload=alert(1)>\n> 2. [w](vbscript:msgbox(1))',
];

/** Markdown-dense noise: the symbols the rules look for, so random strings exercise the parser. */
const SYMBOLS = [
  '*',
  '_',
  '~',
  '`',
  '|',
  '>',
  '<',
  '[',
  ']',
  '(',
  ')',
  ':',
  '@',
  '\\',
  '\n',
  ' ',
  '"',
  '&',
  '#',
  'a',
  'x:',
  'http://',
  'javascript:',
  '\n- ',
  '\n# ',
  '\n1. ',
  '  ',
];

const message = fc.oneof(
  fc.constantFrom(...CORPUS),
  fc
    .array(fc.oneof(fc.constantFrom(...CORPUS), fc.constantFrom(...SYMBOLS), fc.string()), { maxLength: 12 })
    .map((parts) => parts.join('')),
  fc.string({ unit: fc.constantFrom(...SYMBOLS), maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 120 }),
);

/** Lower case, without the whitespace and control characters browsers skip inside a scheme. */
const schemeOf = (value: string) =>
  [...value]
    .filter((c) => {
      const code = c.codePointAt(0) ?? 0;
      return code > 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join('')
    .toLowerCase();

function assertSafe(root: HTMLElement) {
  expect(root.querySelector('script, iframe, object, embed, form, base, meta, link, style')).toBeNull();
  for (const element of root.querySelectorAll('*')) {
    for (const { name, value } of element.attributes) {
      expect(name.toLowerCase().startsWith('on'), `${element.tagName} ${name}`).toBe(false);
      if (['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset', 'poster'].includes(name.toLowerCase())) {
        const scheme = schemeOf(value);
        expect(scheme, `${element.tagName} ${name}=${value}`).not.toMatch(/^(javascript|data|vbscript|file):/);
        // Every address the page holds is http(s), mailto, or a path of this site (settings links).
        expect(/^(https?:\/\/|mailto:|\/(?!\/))/.test(value), `${element.tagName} ${name}=${value}`).toBe(true);
      }
    }
  }
}

describe('rendering an attacker’s message', () => {
  // The embeds are a lazy chunk; loaded up front, they render within the test's own act().
  beforeAll(async () => {
    await import('./embeds/Embeds');
  });

  it('puts no script, no event handler and no script or data address into the page', () => {
    fc.assert(
      fc.property(message, (text) => {
        const { container } = renderMessage(text);
        try {
          assertSafe(container);
          assertSafe(document.body);
        } finally {
          cleanup();
        }
      }),
      { numRuns: 400 },
    );
  });

  it('renders every corpus entry, each link form of each scheme, as text or a safe link, embeds included', async () => {
    for (const text of CORPUS) {
      const { container } = renderMessage(text);
      await act(async () => {});
      assertSafe(container);
      for (const link of container.querySelectorAll('a')) {
        expect(['http:', 'https:', 'mailto:']).toContain(new URL(link.href).protocol);
      }
      cleanup();
    }
  });
});
