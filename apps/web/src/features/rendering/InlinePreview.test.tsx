import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { InlinePreview } from './InlinePreview';
import { previewPlainText } from './inline-preview';

const preview = (text: string, max = 100) => render(<InlinePreview text={text} max={max} />).container;

describe('message previews', () => {
  it('show bold, italic, code and a link’s text instead of their markers', () => {
    const shown = preview('Down at **22:00**, *briefly*: run `npm ci`, see [the notes](https://example.com/n)');
    expect(shown.textContent).toBe('Down at 22:00, briefly: run npm ci, see the notes');
    expect(shown.querySelector('strong')?.textContent).toBe('22:00');
    expect(shown.querySelector('em')?.textContent).toBe('briefly');
    expect(shown.querySelector('code')?.textContent).toBe('npm ci');
    // A preview is a control of its own (it opens the message): a link in it is text, not a second control.
    expect(shown.querySelector('a')).toBeNull();
  });

  it('stay on one line and keep a spoiler hidden', () => {
    const shown = preview('> quoted\nthen ||the ending||\n```js\nlet a =\n  1;\n```');
    expect(shown.textContent).toBe('quoted then spoiler let a = 1;');
    expect(shown.textContent).not.toContain('the ending');
  });

  it('show headings and list items as text on one line, numbered items after their number', () => {
    const shown = preview('# Plan **today**\n- milk\n- eggs\n  - brown\n\n1. wake\n2. eat\nthat is all');
    expect(shown.textContent).toBe('Plan today milk eggs brown 1. wake 2. eat that is all');
    expect(shown.querySelector('strong')?.textContent).toBe('today');
    expect(shown.querySelector('h3, h4, h5, ul, ol, li')).toBeNull();
    expect(previewPlainText('## Heads up\n* one\n* two', 100)).toBe('Heads up one two');
  });

  it('count displayed characters, not markers, and end with an ellipsis when cut', () => {
    expect(preview('**' + 'a'.repeat(100) + '**').textContent).toBe('a'.repeat(100));
    expect(preview('a'.repeat(101)).textContent).toBe(`${'a'.repeat(100)}…`);
    expect(preview('😀'.repeat(120)).textContent).toBe(`${'😀'.repeat(100)}…`);
    expect(preview('**bold** ' + 'b'.repeat(60), 50).textContent).toBe(`bold ${'b'.repeat(45)}…`);
  });

  it('as plain text have no markers at all', () => {
    expect(previewPlainText('The server restarts at **22:00** (`UTC`)', 100)).toBe(
      'The server restarts at 22:00 (UTC)',
    );
    expect(previewPlainText('two\n\nlines', 100)).toBe('two lines');
    expect(previewPlainText('_' + 'x'.repeat(30) + '_', 10)).toBe(`${'x'.repeat(10)}…`);
  });
});
