import { describe, expect, it } from 'vitest';
import { parseRich } from './parser';

const text = (content: string) => ({ type: 'text', content });

describe('parseRich', () => {
  it('keeps plain text, line breaks and spacing as one text node', () => {
    expect(parseRich('hello, world!\nsecond  line')).toEqual([text('hello, world!\nsecond  line')]);
  });

  it('reads bold, italic, underline, strike and their nesting', () => {
    expect(parseRich('**b** *i* _i_ __u__ ~~s~~ ***bi***')).toEqual([
      { type: 'strong', content: [text('b')] },
      text(' '),
      { type: 'em', content: [text('i')] },
      text(' '),
      { type: 'em', content: [text('i')] },
      text(' '),
      { type: 'u', content: [text('u')] },
      text(' '),
      { type: 'del', content: [text('s')] },
      text(' '),
      { type: 'em', content: [{ type: 'strong', content: [text('bi')] }] },
    ]);
  });

  it('reads inline code and code blocks without formatting inside', () => {
    expect(parseRich('`**x**`')).toEqual([{ type: 'inlineCode', content: '**x**' }]);
    expect(parseRich('before\n```js\nconst a = **1**;\n```\nafter')).toEqual([
      text('before\n'),
      { type: 'codeBlock', lang: 'js', content: 'const a = **1**;' },
      text('after'),
    ]);
    expect(parseRich('```one line```')).toEqual([{ type: 'codeBlock', lang: null, content: 'one line' }]);
  });

  it('reads quotes at the start of a line only', () => {
    expect(parseRich('> quoted **bold**\n> more\nnot quoted')).toEqual([
      { type: 'blockQuote', content: [text('quoted '), { type: 'strong', content: [text('bold')] }, text('\nmore')] },
      text('not quoted'),
    ]);
    expect(parseRich('a > b')).toEqual([text('a > b')]);
    expect(parseRich('>_<')).toEqual([text('>_<')]);
    expect(parseRich('intro\n>>> all\nof it')).toEqual([
      text('intro\n'),
      { type: 'blockQuote', content: [text('all\nof it')] },
    ]);
  });

  it('reads spoilers, which may hold formatting and links', () => {
    expect(parseRich('a ||secret **x**|| b')).toEqual([
      text('a '),
      { type: 'spoiler', content: [text('secret '), { type: 'strong', content: [text('x')] }] },
      text(' b'),
    ]);
    expect(parseRich('||https://example.com||')).toEqual([
      {
        type: 'spoiler',
        content: [
          {
            type: 'link',
            target: 'https://example.com',
            title: null,
            content: [text('https://example.com')],
            source: 'https://example.com',
          },
        ],
      },
    ]);
    expect(parseRich('|| ||x')).toEqual([{ type: 'spoiler', content: [text(' ')] }, text('x')]);
  });

  it('reads links, bare addresses and autolinks with their source', () => {
    expect(parseRich('[site](https://example.com "Title") and https://a.example/b.')).toEqual([
      {
        type: 'link',
        target: 'https://example.com',
        title: 'Title',
        content: [text('site')],
        source: '[site](https://example.com "Title")',
      },
      text(' and '),
      {
        type: 'link',
        target: 'https://a.example/b',
        title: null,
        content: [text('https://a.example/b')],
        source: 'https://a.example/b',
      },
      text('.'),
    ]);
    expect(parseRich('<mailto:me@example.com>')[0]).toMatchObject({ type: 'link', target: 'mailto:me@example.com' });
    expect(parseRich('<me@example.com>')[0]).toMatchObject({ type: 'link', target: 'mailto:me@example.com' });
  });

  it('makes no link inside a link', () => {
    const [link] = parseRich('[https://a.example](https://b.example)');
    expect(link).toMatchObject({ type: 'link', target: 'https://b.example', content: [text('https://a.example')] });
  });

  it('reads mentions at the start of a word, and shortcodes', () => {
    expect(parseRich('hi @alice-b_2, @everyone: mail bob@example.com :tada: :Nope: :a:b')).toEqual([
      text('hi '),
      { type: 'mention', name: 'alice-b_2' },
      text(', '),
      { type: 'mention', name: 'everyone' },
      text(': mail bob@example.com '),
      { type: 'emoji', name: 'tada' },
      text(' :Nope: '),
      { type: 'emoji', name: 'a' },
      text('b'),
    ]);
    expect(parseRich(`:${'a'.repeat(33)}:`)).toEqual([text(`:${'a'.repeat(33)}:`)]);
  });

  it('takes backslash escapes as the symbol itself', () => {
    expect(parseRich('\\*not italic\\*')).toEqual([text('*not italic*')]);
  });

  it('leaves markup as text: there is no HTML in the dialect', () => {
    expect(parseRich('<b>x</b> <script>alert(1)</script>')).toEqual([text('<b>x</b> <script>alert(1)</script>')]);
  });

  it('stops nesting formatting at a bounded depth, keeping the rest as text', () => {
    const deep = `${'||'.repeat(40)}x${'||'.repeat(40)}`;
    let depth = 0;
    let nodes = parseRich(deep);
    while (nodes.length === 1 && nodes[0]?.type === 'spoiler') {
      depth += 1;
      nodes = nodes[0].content;
    }
    expect(depth).toBeLessThanOrEqual(8);
    expect(JSON.stringify(nodes)).toContain('x');
  });

  it('parses a hostile message of the maximum length quickly', () => {
    // Runs of every symbol the rules look for, and repeated half-open constructs: each costs one pass
    // per match attempt (simple-markdown's own link and inline-code patterns took seconds on some).
    const runs = ['`', '~', '*', '_', '|', '[', ']', '(', '<', '@', ':', '\\', '>', 'a', ' ', '\n'].map((c) =>
      c.repeat(4000),
    );
    const repeated = [
      'a:',
      '[a](',
      '![a](',
      '[a](b',
      '**a',
      '__a',
      '~~a',
      '||a',
      '`a',
      '``a',
      '<a',
      '<a:/',
      '<a@',
      '*a ',
      '> a\n',
      '```a',
      '||**',
    ].map((piece) => piece.repeat(Math.floor(4000 / piece.length)));
    for (const sample of [...runs, ...repeated]) {
      const started = performance.now();
      parseRich(sample);
      expect(performance.now() - started, JSON.stringify(sample.slice(0, 8))).toBeLessThan(250);
    }
  });
});
