import { describe, expect, it } from 'vitest';
import { gifAddressKind, previewLinks } from './link-preview-rules.js';

describe('previewLinks', () => {
  it('takes bare http(s) links in order, each once, at most 3', () => {
    expect(
      previewLinks(
        'a https://a.example/x, then http://b.example/y. https://a.example/x https://c.example https://d.example',
      ),
    ).toEqual(['https://a.example/x', 'http://b.example/y', 'https://c.example/']);
  });

  it('skips links in <…>, code and spoilers', () => {
    expect(previewLinks('<https://a.example/> `https://b.example/` ||https://c.example/||')).toEqual([]);
    expect(previewLinks('```\nhttps://d.example/\n``` https://e.example/')).toEqual(['https://e.example/']);
  });

  it('takes little time on hostile 4000-character messages', () => {
    for (const unit of ['`', '|', '<http://', 'http://a', '```', '||x', 'https://a.b/(']) {
      const text = unit.repeat(Math.ceil(4000 / unit.length)).slice(0, 4000);
      const started = performance.now();
      previewLinks(text);
      expect(performance.now() - started, unit).toBeLessThan(100);
    }
  });

  it('ignores other schemes', () => {
    expect(previewLinks('ftp://a.example/ javascript:alert(1) mailto:a@b.c')).toEqual([]);
  });
});

describe('gifAddressKind', () => {
  it("tells the GIF service's GIFs from other http(s) GIFs", () => {
    expect(gifAddressKind('https://x.example/cat.GIF')).toBe('other');
    expect(gifAddressKind('http://x.example/cat.gif?size=2')).toBe('other');
    expect(gifAddressKind('https://media.giphy.com/media/a/giphy.gif')).toBe('service');
    expect(gifAddressKind('http://media.giphy.com/media/a/giphy.gif')).toBe('other');
    expect(gifAddressKind('https://x.example/cat.png')).toBeNull();
    expect(gifAddressKind('data:image/gif;base64,AAAA')).toBeNull();
  });
});
