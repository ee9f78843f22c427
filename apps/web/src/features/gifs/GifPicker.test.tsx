import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GifResult } from '@hearth/protocol';
import { GIF_QUICK_SEARCHES } from '@hearth/protocol/gif-rules';
import { user } from '../../test/factories';
import { stubFetch, type Answer, type Reply } from '../../test/fake-fetch';
import { renderWithServices, testServices } from '../../test/render';
import GifPicker from './GifPicker';
import { GIF_BLUR_KEY } from './nsfw-blur';
import { pickQuickSearches } from './picker-gif';

const gif = (id: string, extra: Partial<GifResult> = {}): GifResult => ({
  id,
  title: id,
  url: `/api/gif-files/${id}.gif`,
  preview_url: `/api/gif-files/${id}.gif`,
  width: 100,
  height: 80,
  size: 1000,
  is_nsfw: false,
  is_user_generated: true,
  ...extra,
});

const page = (...results: GifResult[]): Reply => ({ status: 200, body: { results, next: null } });

/** A fake server: the picker's calls answered from `routes` by path prefix, the rest empty. */
function server(routes: Record<string, Reply | (() => Reply | Promise<Reply>)> = {}): ReturnType<typeof stubFetch> {
  const answer: Answer = (req) => {
    const path = req.path.replace(/^\/api/, '');
    const key = Object.keys(routes)
      .filter((k) => path.startsWith(k))
      .sort((a, b) => b.length - a.length)[0];
    if (key) {
      const route = routes[key]!;
      return typeof route === 'function' ? route() : route;
    }
    if (path.startsWith('/gif/provider')) return { status: 200, body: { provider: 'builtin' } };
    if (path.startsWith('/gif/favorites')) return { status: 200, body: [] };
    if (path.startsWith('/gif/user')) return { status: 200, body: [] };
    return page();
  };
  return stubFetch(answer);
}

const CHIPS = ['funny', 'happy', 'sad', 'excited', 'love', 'angry', 'confused', 'dancing'];

function renderPicker(onPick = vi.fn()) {
  renderWithServices(<GifPicker onPick={onPick} onClose={vi.fn()} chips={CHIPS} />, testServices({ user: user() }));
  return onPick;
}

describe('GifPicker', () => {
  it('shows the loading text, then trending GIFs, the quick searches and the provider credit', async () => {
    let release!: () => void;
    server({ '/gif/trending': () => new Promise((r) => (release = () => r(page(gif('cat'), gif('dog'))))) });
    renderPicker();
    expect(await screen.findByText('Loading trending GIFs...')).toBeTruthy();
    act(() => release());
    expect(await screen.findByRole('button', { name: 'Send cat' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send dog' })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Quick searches' })).getAllByRole('button')).toHaveLength(8);
    expect(await screen.findByText('GIFs uploaded on this server')).toBeTruthy();
    expect(screen.getByText('Click to send instantly')).toBeTruthy();
  });

  it('asks for 15 a page', async () => {
    const requests = server({ '/gif/trending': page(gif('cat')) });
    renderPicker();
    await screen.findByRole('button', { name: 'Send cat' });
    expect(requests.some((r) => r.path === '/api/gif/trending?limit=15')).toBe(true);
  });

  it('draws 8 different quick searches from the spec’s 16', () => {
    const chips = pickQuickSearches();
    expect(chips).toHaveLength(8);
    expect(new Set(chips).size).toBe(8);
    for (const chip of chips) expect(GIF_QUICK_SEARCHES).toContain(chip);
  });

  it('says so when there is nothing trending', async () => {
    server({ '/gif/trending': page() });
    renderPicker();
    expect(await screen.findByText('No trending GIFs available')).toBeTruthy();
  });

  it('shows the failure text when trending fails', async () => {
    server({ '/gif/trending': { status: 502, body: { detail: 'Failed to get trending GIFs' } } });
    renderPicker();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to get trending GIFs');
  });

  it('asks for a search term on an empty Search tab', async () => {
    server();
    renderPicker();
    await userEvent.click(screen.getByRole('tab', { name: 'Search' }));
    expect(await screen.findByText('Enter a search term to find GIFs')).toBeTruthy();
  });

  it('searches 500 ms after typing stops, never for blank text', async () => {
    const requests = server({ '/gif/search': page(gif('cat_dance')) });
    renderPicker();
    const box = screen.getByRole('searchbox', { name: 'Search GIFs' });
    expect(box.getAttribute('placeholder')).toBe('Search for GIFs...');
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.change(box, { target: { value: 'ca' } });
    await new Promise((r) => setTimeout(r, 250));
    fireEvent.change(box, { target: { value: 'cat' } });
    await new Promise((r) => setTimeout(r, 400));
    // 650 ms after the first keystroke, 400 after the last: nothing asked yet.
    expect(requests.filter((r) => r.path.includes('/gif/search'))).toHaveLength(0);
    expect(await screen.findByRole('button', { name: 'Send cat_dance' })).toBeTruthy();
    const searches = requests.filter((r) => r.path.includes('/gif/search'));
    expect(searches.map((r) => r.path)).toEqual(['/api/gif/search?q=cat&limit=15']);
  });

  it('shows the searching and no-result texts, and the failure text', async () => {
    let answer: Reply = page();
    let release!: () => void;
    server({ '/gif/search': () => new Promise((r) => (release = () => r(answer))) });
    renderPicker();
    await userEvent.click(screen.getByRole('button', { name: 'funny' }));
    expect(await screen.findByText('Searching GIFs...')).toBeTruthy();
    act(() => release());
    expect(await screen.findByText('No GIFs found for your search')).toBeTruthy();
    answer = { status: 502, body: { detail: 'Failed to search GIFs' } };
    await userEvent.click(screen.getByRole('tab', { name: 'Trending' }));
    await userEvent.click(screen.getByRole('button', { name: 'happy' }));
    act(() => release());
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to search GIFs');
  });

  it('a quick search fills the search box and searches at once', async () => {
    const requests = server({ '/gif/search': page(gif('happy_cat')) });
    renderPicker();
    await userEvent.click(screen.getByRole('button', { name: 'happy' }));
    expect((screen.getByRole('searchbox', { name: 'Search GIFs' }) as HTMLInputElement).value).toBe('happy');
    expect(screen.getByRole('tab', { name: 'Search' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('button', { name: 'Send happy_cat' })).toBeTruthy();
    expect(requests.filter((r) => r.path.includes('/gif/search'))).toHaveLength(1);
  });

  it('shows the Favorites and User Uploaded GIFs texts: loading, empty, failed', async () => {
    let releaseFavorites!: () => void;
    server({
      '/gif/favorites': () => new Promise((r) => (releaseFavorites = () => r({ status: 200, body: [] }))),
      '/gif/user': { status: 500, body: {} },
    });
    renderPicker();
    await userEvent.click(screen.getByRole('tab', { name: 'Favorites' }));
    expect(await screen.findByText('Loading favorite GIFs...')).toBeTruthy();
    act(() => releaseFavorites());
    expect(
      await screen.findByText('No favorite GIFs yet. Click the heart icon on any GIF to add it to your favorites!'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'User Uploaded GIFs' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch user GIFs');
  });

  it('says when the user has uploaded nothing, and when favorites fail', async () => {
    server({ '/gif/favorites': { status: 500, body: {} } });
    renderPicker();
    await userEvent.click(screen.getByRole('tab', { name: 'User Uploaded GIFs' }));
    expect(await screen.findByText('No GIFs uploaded yet. Upload your GIFs to see them here!')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Favorites' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch favorite GIFs');
  });

  it('blurs NSFW GIFs with a label by default, and remembers turning it off', async () => {
    server({ '/gif/trending': page(gif('spicy', { is_nsfw: true }), gif('mild')) });
    renderPicker();
    const spicy = await screen.findByRole('button', { name: 'Send spicy' });
    expect(spicy.hasAttribute('data-blurred')).toBe(true);
    expect(within(spicy).getByText('NSFW')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send mild' }).hasAttribute('data-blurred')).toBe(false);
    await userEvent.click(screen.getByRole('switch', { name: 'Blur NSFW' }));
    expect(spicy.hasAttribute('data-blurred')).toBe(false);
    expect(localStorage.getItem(GIF_BLUR_KEY)).toBe('false');
  });

  it('a click picks the GIF', async () => {
    server({ '/gif/trending': page(gif('cat')) });
    const onPick = renderPicker();
    await userEvent.click(await screen.findByRole('button', { name: 'Send cat' }));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 'cat', url: '/api/gif-files/cat.gif' }));
  });

  it('the heart adds a favorite, one operation at a time', async () => {
    let release!: () => void;
    const requests: { method: string; path: string; body: unknown }[] = [];
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    // Adding waits until released, so a second click lands while it runs.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
        requests.push({ method, path: url, body });
        const path = url.replace(/^\/api/, '');
        if (method === 'POST' && path === '/gif/favorites') {
          await new Promise<void>((r) => (release = r));
          const added = { id: 1, gif_title: 'cat', gif_preview_url: '', gif_width: 1, gif_height: 1, gif_size: 1 };
          return json({ ...added, ...(body as object), is_nsfw: false }, 201);
        }
        if (path.startsWith('/gif/trending')) return json({ results: [gif('cat')], next: null });
        if (path.startsWith('/gif/provider')) return json({ provider: 'builtin' });
        return json([]);
      }),
    );
    renderPicker();
    const heart = await screen.findByRole('button', { name: 'Add cat to favorites' });
    await userEvent.click(heart);
    await userEvent.click(heart);
    expect(await screen.findByText('Already processing favorites operation')).toBeTruthy();
    await act(async () => release());
    expect(await screen.findByRole('button', { name: 'Remove cat from favorites' })).toBeTruthy();
    const adds = requests.filter((r) => r.method === 'POST');
    expect(adds).toHaveLength(1);
    expect(adds[0]!.body).toMatchObject({ gif_id: 'cat', gif_url: '/api/gif-files/cat.gif', is_nsfw: false });
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'GET' && r.path === '/api/gif/favorites').length).toBeGreaterThan(1),
    );
  });
});
