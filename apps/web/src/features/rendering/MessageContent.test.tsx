import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMessage } from './test-render';

describe('MessageContent', () => {
  it('renders bold, italic, underline and strike as their elements', () => {
    const { container } = renderMessage('**bold** *italic* __under__ ~~gone~~ ***both***');
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('em')?.textContent).toBe('italic');
    expect(container.querySelector('u')?.textContent).toBe('under');
    expect(container.querySelector('s')?.textContent).toBe('gone');
    expect(container.querySelector('em > strong')?.textContent).toBe('both');
  });

  it('renders inline code and code blocks as code, with nothing formatted inside', () => {
    const { container } = renderMessage('run `**npm**` then\n```sh\nnpm test *all*\n```\ndone');
    expect(container.querySelector('code')?.textContent).toBe('**npm**');
    const block = container.querySelector('pre')!;
    expect(block.textContent).toBe('npm test *all*');
    expect(block.dataset.lang).toBe('sh');
    expect(block.getAttribute('dir')).toBe('auto');
    expect(block.querySelector('em')).toBeNull();
  });

  it('renders quotes as blockquotes', () => {
    const { container } = renderMessage('> wise words\nmy reply');
    expect(container.querySelector('blockquote')?.textContent).toBe('wise words');
    expect(screen.getByText('my reply')).toBeTruthy();
  });

  it('renders headings below the page’s own levels, and lists with their items and start number', () => {
    const { container } = renderMessage(
      '# Release\n## Fixes\n### Small\n- one\n- **two**\n  - nested @alice\n3. three\n4. four\nThe end',
    );
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Release');
    expect(screen.getByRole('heading', { level: 4 }).textContent).toBe('Fixes');
    expect(screen.getByRole('heading', { level: 5 }).textContent).toBe('Small');
    const [bullets, nested, numbered] = screen.getAllByRole('list');
    expect(bullets!.tagName).toBe('UL');
    expect(
      within(bullets!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['one', 'twonested @alice', 'nested @alice']);
    expect(nested!.parentElement?.tagName).toBe('LI');
    expect(within(nested!).getByText('@alice').getAttribute('data-self')).toBe('true');
    expect(bullets!.querySelector('strong')?.textContent).toBe('two');
    expect(numbered!.tagName).toBe('OL');
    expect(numbered!.getAttribute('start')).toBe('3');
    expect(
      within(numbered!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['three', 'four']);
    expect(container.textContent).toBe('ReleaseFixesSmallonetwonested @alicethreefourThe end');
  });

  it('keeps line breaks in the text', () => {
    renderMessage('line one\nline two');
    expect(screen.getByText('line one\nline two', { normalizer: (s) => s })).toBeTruthy();
  });

  it('puts the text in <bdi dir="auto"> and what follows it outside', () => {
    const { container } = renderMessage('שלום **world**', { after: <span>(edited)</span> });
    const bdi = container.querySelector('bdi')!;
    expect(bdi.getAttribute('dir')).toBe('auto');
    expect(bdi.textContent).toBe('שלום world');
    expect(screen.getByText('(edited)').closest('bdi')).toBeNull();
  });

  it('hides a spoiler until clicked, and its content is inert meanwhile', async () => {
    const { container } = renderMessage('the end: ||they all **win**||');
    const spoiler = screen.getByRole('button', { name: 'Spoiler' });
    expect(spoiler.querySelector('[inert]')?.textContent).toBe('they all win');
    await userEvent.click(spoiler);
    expect(screen.queryByRole('button', { name: 'Spoiler' })).toBeNull();
    expect(container.querySelector('[inert]')).toBeNull();
    expect(screen.getByText('win').tagName).toBe('STRONG');
  });

  it('reveals a spoiler from the keyboard, keeping focus on it', async () => {
    renderMessage('||one|| and ||two||');
    const [first, second] = screen.getAllByRole('button', { name: 'Spoiler' });
    await userEvent.tab();
    expect(document.activeElement).toBe(first);
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(first);
    expect(first!.getAttribute('role')).toBeNull();
    await userEvent.tab();
    expect(document.activeElement).toBe(second);
    await userEvent.keyboard(' ');
    expect(screen.queryByRole('button', { name: 'Spoiler' })).toBeNull();
  });

  it('opens http(s) and mailto links in a new tab with no opener or referrer', () => {
    renderMessage('see https://example.com/a?b=1, [docs](https://docs.example/x "The docs") or <me@example.com>');
    const bare = screen.getByRole('link', { name: 'https://example.com/a?b=1' });
    expect(bare.getAttribute('href')).toBe('https://example.com/a?b=1');
    expect(bare.getAttribute('target')).toBe('_blank');
    expect(bare.getAttribute('rel')).toBe('noopener noreferrer');
    const named = screen.getByRole('link', { name: 'docs' });
    expect(named.getAttribute('href')).toBe('https://docs.example/x');
    expect(named.getAttribute('title')).toBe('The docs');
    expect(screen.getByRole('link', { name: 'me@example.com' }).getAttribute('href')).toBe('mailto:me@example.com');
  });

  it('shows a link with another scheme as the text that was written', () => {
    renderMessage('[click](javascript:alert(1)) <ftp://files.example/x> [rel](other/page)');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('[click](javascript:alert(1)) <ftp://files.example/x> [rel](other/page)')).toBeTruthy();
  });

  it('opens the settings screen in place for a settings link, with the tab and section in state', async () => {
    renderMessage(`[change it](/settings/account/password) or ${window.location.origin}/settings/privacy`);
    const link = screen.getByRole('link', { name: 'change it' });
    expect(link.getAttribute('target')).toBeNull();
    await userEvent.click(link);
    expect(window.location.pathname).toBe('/settings');
    expect(window.history.state).toEqual({ tab: 'account', section: 'password' });
    await userEvent.click(screen.getByRole('link', { name: `${window.location.origin}/settings/privacy` }));
    expect(window.history.state).toEqual({ tab: 'privacy', section: null });
  });

  it('highlights mentions, the reader and an @everyone that pinged more', () => {
    const { container } = renderMessage('hey @bob and @Alice, @everyone', { everyonePings: true });
    const mentions = [...container.querySelectorAll('[data-self]')].map((m) => m.textContent);
    expect(mentions).toEqual(['@Alice', '@everyone']);
    expect(screen.getByText('@bob')).toBeTruthy();
  });

  it('draws an @everyone that pinged nobody (not an admin’s) as plain text', () => {
    const { container } = renderMessage('hey @bob, @everyone look');
    const mentions = [...container.querySelectorAll('span')].map((m) => m.textContent);
    expect(mentions).toContain('@bob');
    expect(mentions).not.toContain('@everyone');
    expect(container.textContent).toBe('hey @bob, @everyone look');
  });

  it('shows a shortcode as text while the emoji data loads, then as the emoji; unknown ones stay text', async () => {
    renderMessage('party :tada: :no_such_emoji_here:');
    expect(screen.getByText(/:no_such_emoji_here:/)).toBeTruthy();
    const emoji = await screen.findByRole('img', { name: ':tada:' });
    expect(emoji.textContent).toBe('🎉');
    expect(screen.getByText(/:no_such_emoji_here:/)).toBeTruthy();
  });

  it('renders markup in the text as text', () => {
    const { container } = renderMessage('<img src=x onerror=alert(1)><script>alert(2)</script>');
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.textContent).toContain('<script>alert(2)</script>');
  });
});

/**
 * After 'Load Video' the embed asks the player's host whether it answers; these tests have no network
 * to the platforms, so that question stays unanswered (VideoEmbed.test.tsx covers the answers).
 */
const playerHostSilent = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );

describe('MessageContent embeds', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a video link as a card with Load Video and no frame until clicked', async () => {
    playerHostSilent();
    const { container } = renderMessage('watch https://youtu.be/dQw4w9WgXcQ?t=42');
    const card = await screen.findByRole('region', { name: 'YouTube video' });
    expect(container.querySelector('iframe')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Load Video' }));
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42');
    expect(frame.title).toBe('YouTube video player');
  });

  it('says the video failed, with a link to open it, when the player is refused', async () => {
    playerHostSilent();
    renderMessage('https://vimeo.com/76979871');
    await userEvent.click(await screen.findByRole('button', { name: 'Load Video' }));
    act(() => {
      const refused = new Event('securitypolicyviolation') as SecurityPolicyViolationEvent;
      Object.defineProperty(refused, 'blockedURI', { value: 'https://player.vimeo.com/video/76979871' });
      document.dispatchEvent(refused);
    });
    expect(screen.getByRole('alert').textContent).toBe('Failed to load Vimeo video');
    const open = screen.getByRole('link', { name: 'Open in new tab' });
    expect(open.getAttribute('href')).toBe('https://vimeo.com/76979871');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('embeds nothing for a link inside a spoiler', async () => {
    const { container } = renderMessage('||https://youtu.be/dQw4w9WgXcQ|| https://example.com');
    await waitFor(() => expect(container.querySelector('[role="region"]')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Load Video' })).toBeNull();
  });

  it('shows a GIF service link as the GIF alone, opening a full-size preview that Escape closes', async () => {
    const href = 'https://media.giphy.com/media/abc/giphy.gif';
    const { container } = renderMessage(href);
    const open = await screen.findByRole('button', { name: 'Open GIF preview' });
    expect(container.querySelector('bdi')).toBeNull();
    const img = open.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(href);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['300', '200']);
    Object.defineProperty(img, 'naturalWidth', { value: 800 });
    Object.defineProperty(img, 'naturalHeight', { value: 400 });
    fireEvent.load(img);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '200']);
    await userEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'GIF' });
    expect(within(dialog).getByRole('img', { name: 'GIF, full size' }).getAttribute('src')).toBe(href);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('blurs a user-generated GIF until clicked; the next click opens the preview', async () => {
    const href = `${window.location.origin}/files/cat.gif`;
    renderMessage(`look ${href}`);
    const blurred = await screen.findByRole('button', { name: 'Show NSFW GIF' });
    expect(blurred.textContent).toBe('NSFW');
    await userEvent.click(blurred);
    await userEvent.click(screen.getByRole('button', { name: 'Open GIF preview' }));
    expect(await screen.findByRole('dialog', { name: 'GIF' })).toBeTruthy();
  });

  it('leaves a GIF on another host as a link, fetching nothing', async () => {
    const { container } = renderMessage('https://gifs.example/funny.gif');
    expect(screen.getByRole('link', { name: 'https://gifs.example/funny.gif' })).toBeTruthy();
    await waitFor(() => expect(container.querySelector('img')).toBeNull());
  });
});
