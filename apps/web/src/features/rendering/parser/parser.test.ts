import { describe, expect, it } from 'vitest';
import { MAX_LIST_DEPTH } from './line-blocks';
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

  it('reads headings of three levels at the very start of a line only', () => {
    expect(parseRich('# Big\n## Medium **bold**\n### Small\n#### not\n#channel\n# ')).toEqual([
      { type: 'heading', level: 1, content: [text('Big')] },
      { type: 'heading', level: 2, content: [text('Medium '), { type: 'strong', content: [text('bold')] }] },
      { type: 'heading', level: 3, content: [text('Small')] },
      text('#### not\n#channel\n# '),
    ]);
    expect(parseRich('intro\n# Title\nbody')).toEqual([
      text('intro\n'),
      { type: 'heading', level: 1, content: [text('Title')] },
      text('body'),
    ]);
    for (const plain of ['a # b', ' # indented', '\\# escaped', '#no space', '##'])
      expect(parseRich(plain), plain).toEqual([text(plain.replace('\\', ''))]);
  });

  it('keeps headings and lists inside code as code, and reads them inside quotes', () => {
    expect(parseRich('```\n# not a heading\n- nor a list\n```')).toEqual([
      { type: 'codeBlock', lang: null, content: '# not a heading\n- nor a list' },
    ]);
    expect(parseRich('`# x`')).toEqual([{ type: 'inlineCode', content: '# x' }]);
    expect(parseRich('> # Quoted title\n> - point')).toEqual([
      {
        type: 'blockQuote',
        content: [
          { type: 'heading', level: 1, content: [text('Quoted title')] },
          { type: 'list', start: null, content: [{ type: 'listItem', content: [text('point')] }] },
        ],
      },
    ]);
  });

  it('reads bullet lists, nested by indentation, with inline markdown in their items', () => {
    const item = (...content: unknown[]) => ({ type: 'listItem', content });
    expect(parseRich('Shopping:\n- milk\n* **eggs**\n  - brown\n    - large\n  - white\n- bread\nDone')).toEqual([
      text('Shopping:\n'),
      {
        type: 'list',
        start: null,
        content: [
          item(text('milk')),
          item(
            { type: 'strong', content: [text('eggs')] },
            {
              type: 'list',
              start: null,
              content: [
                item(text('brown'), { type: 'list', start: null, content: [item(text('large'))] }),
                item(text('white')),
              ],
            },
          ),
          item(text('bread')),
        ],
      },
      text('Done'),
    ]);
    expect(parseRich('- @bob :tada: ||secret|| `code`')).toEqual([
      {
        type: 'list',
        start: null,
        content: [
          item(
            { type: 'mention', name: 'bob' },
            text(' '),
            { type: 'emoji', name: 'tada' },
            text(' '),
            { type: 'spoiler', content: [text('secret')] },
            text(' '),
            { type: 'inlineCode', content: 'code' },
          ),
        ],
      },
    ]);
  });

  it('reads numbered lists, keeping the number they start at', () => {
    const item = (content: string) => ({ type: 'listItem', content: [text(content)] });
    expect(parseRich('3. three\n4. four\n1. five')).toEqual([
      { type: 'list', start: 3, content: [item('three'), item('four'), item('five')] },
    ]);
    // Another kind of item starts another list; so does a line that is no item.
    expect(parseRich('- a\n1. b\n\n2. c\n  - d')).toEqual([
      { type: 'list', start: null, content: [item('a')] },
      { type: 'list', start: 1, content: [item('b')] },
      text('\n'),
      {
        type: 'list',
        start: 2,
        content: [{ type: 'listItem', content: [text('c'), { type: 'list', start: null, content: [item('d')] }] }],
      },
    ]);
    for (const plain of ['-not a list', '- ', '1.5 apples', '\\- escaped', '1\\. escaped', 'a - b', '1234567890. big'])
      expect(parseRich(plain), plain).toEqual([text(plain.replace('\\', ''))]);
  });

  it('nests lists to a bounded depth, deeper items joining the deepest list', () => {
    const lines = Array.from({ length: 12 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n');
    let depth = 0;
    let nodes = parseRich(lines);
    while (nodes[0]?.type === 'list') {
      depth += 1;
      const items = nodes[0].content;
      nodes = items[0]?.type === 'listItem' ? items[0].content.filter((n) => n.type === 'list') : [];
      if (depth === MAX_LIST_DEPTH) expect(items).toHaveLength(12 - MAX_LIST_DEPTH + 1);
    }
    expect(depth).toBe(MAX_LIST_DEPTH);
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
      '- a\n',
      '# a\n',
      '1. a\n',
      '  - a\n',
      '- ',
      '\\# ',
    ].map((piece) => piece.repeat(Math.floor(4000 / piece.length)));
    for (const sample of [...runs, ...repeated]) {
      const started = performance.now();
      parseRich(sample);
      expect(performance.now() - started, JSON.stringify(sample.slice(0, 8))).toBeLessThan(250);
    }
  });
});
