import { describe, expect, it } from 'vitest';
import { absoluteHttpUrl, cleanText, pagePreview, themeColor } from './page-preview.js';

const page = (head: string) => Buffer.from(`<!doctype html><html><head>${head}</head><body></body></html>`);

describe('pagePreview', () => {
  it('reads OpenGraph tags, resolving the picture against the page', async () => {
    const html = page(`<meta property="og:title" content="T"><meta property="og:description" content="D">
      <meta property="og:site_name" content="S"><meta property="og:image" content="/i.png"><meta name="theme-color" content="#abc">`);
    expect(await pagePreview('https://a.example/p', 'https://b.example/dir/p', html, 'text/html')).toEqual({
      type: 'link',
      url: 'https://a.example/p',
      title: 'T',
      description: 'D',
      site_name: 'S',
      image: 'https://b.example/i.png',
      color: '#aabbcc',
    });
  });

  it('falls back to Twitter-card tags', async () => {
    const html = page(
      `<meta name="twitter:title" content="TT"><meta name="twitter:image" content="https://c.example/t.jpg">`,
    );
    const preview = await pagePreview('https://a.example/', 'https://a.example/', html, 'text/html');
    expect(preview).toMatchObject({ title: 'TT', image: 'https://c.example/t.jpg' });
  });

  it('is null for a page with nothing to show', async () => {
    expect(await pagePreview('https://a.example/', 'https://a.example/', page(''), 'text/html')).toBeNull();
  });

  it('keeps no script address for a picture', async () => {
    const html = page(`<meta property="og:title" content="T"><meta property="og:image" content="javascript:alert(1)">`);
    expect((await pagePreview('https://a.example/', 'https://a.example/', html, 'text/html'))?.image).toBeNull();
  });
});

describe('field cleaning', () => {
  it('cuts long text with an ellipsis and drops controls and direction overrides', () => {
    expect(cleanText('a\u202eb\n\tc', 10)).toBe('a b c');
    expect(cleanText('x'.repeat(20), 5)).toBe('xxxx…');
    expect(cleanText('   ', 5)).toBeNull();
  });

  it('takes only #rgb and #rrggbb colours', () => {
    expect(themeColor('#ABCDEF')).toBe('#abcdef');
    expect(themeColor('red')).toBeNull();
    expect(themeColor('#abcd')).toBeNull();
  });

  it('takes only http(s) picture addresses', () => {
    expect(absoluteHttpUrl('data:image/png;base64,AA', 'https://a.example/')).toBeNull();
    expect(absoluteHttpUrl('//cdn.example/x.png', 'https://a.example/')).toBe('https://cdn.example/x.png');
  });
});
