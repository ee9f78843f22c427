import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryLocation } from 'wouter/memory-location';
import type { SearchAnswer } from '@hearth/protocol';
import { makeMessage } from '../messages/test-messages';
import { baseRoutes, createTestServices, renderChat } from '../messages/test-harness';
import { SearchBox } from './SearchBox';
import { searchState } from './search-state';
import { jumpRequests } from '../messages/jump-requests';

const box = () => screen.getByRole('combobox', { name: 'Search messages' });

function answer(total: number, offset: number): SearchAnswer {
  const count = Math.max(0, Math.min(25, total - offset));
  return {
    total,
    total_capped: false,
    messages: Array.from({ length: count }, (_, i) => ({
      ...makeMessage(1000 - offset - i, { channel_id: 1, content: `Running late ${offset + i}` }),
      dm_user_id: null,
      highlights: ['Running'],
    })),
  };
}

function setUp(total = 30) {
  const t = createTestServices({
    routes: (req) => {
      if (req.path.startsWith('/api/search?')) {
        const params = new URL(req.path, 'http://x').searchParams;
        return { status: 200, body: answer(total, Number(params.get('offset'))) };
      }
      return baseRoutes()(req);
    },
  });
  const location = memoryLocation({ path: '/channels/1/1', record: true });
  renderChat(<SearchBox />, t.services, location.hook);
  return { ...t, location };
}

afterEach(() => {
  searchState.search('');
  searchState.close();
  jumpRequests.take(jumpRequests.get()?.placeId ?? 0);
});

describe('SearchBox', () => {
  it('is focused by Ctrl+F, which the browser does not get', () => {
    setUp();
    const event = new KeyboardEvent('keydown', { key: 'f', ctrlKey: true, bubbles: true, cancelable: true });
    act(() => void window.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);
    expect(box()).toBe(document.activeElement);
  });

  it('suggests filters as they are typed and completes one on a click', async () => {
    const user = userEvent.setup();
    setUp();
    await user.type(box(), 'cats ha');
    const list = screen.getByRole('listbox', { name: 'Search filters' });
    await user.click(within(list).getByRole('option', { name: /has:/ }));
    expect(box()).toHaveProperty('value', 'cats has:');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain('has:image');
  });

  it('searches on Enter, marks the matched words, pages, and asks for the jump of a clicked result', async () => {
    const user = userEvent.setup();
    const { requests } = setUp(30);
    await user.type(box(), 'running{Enter}');
    const panel = await screen.findByRole('region', { name: 'Search results' });
    expect(await within(panel).findByRole('heading', { name: '30 results' })).toBeTruthy();
    expect(within(panel).getAllByRole('button', { name: /Running late/ })).toHaveLength(25);
    expect(panel.querySelector('mark')?.textContent).toBe('Running');
    expect(requests.some((r) => r.path === '/api/search?q=running&limit=25&offset=0')).toBe(true);

    await user.click(within(panel).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(panel).getByText('Page 2 of 2')).toBeTruthy());
    expect(within(panel).getAllByRole('button', { name: /Running late/ })).toHaveLength(5);

    fireEvent.click(within(panel).getByRole('button', { name: /Running late 29/ }));
    expect(jumpRequests.get()).toEqual({ placeId: 1, messageId: 1000 - 29 });
    expect(screen.queryByRole('region', { name: 'Search results' })).toBeNull();
  });

  it("shows the server's text for a refused search", async () => {
    const user = userEvent.setup();
    const t = createTestServices({
      routes: (req) =>
        req.path.startsWith('/api/search?')
          ? { status: 400, body: { detail: 'has: must be one of link' } }
          : baseRoutes()(req),
    });
    renderChat(<SearchBox />, t.services);
    await user.type(box(), 'x has:gif{Enter}');
    expect(await screen.findByRole('heading', { name: 'has: must be one of link' })).toBeTruthy();
  });
});
