import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Composer } from '../messages/Composer';
import { baseRoutes, createTestServices, renderChat, testChannel } from '../messages/test-harness';

let stopLive: (() => void) | null = null;
afterEach(() => stopLive?.());

function setup() {
  const harness = createTestServices({ routes: baseRoutes() });
  stopLive = () => harness.services.live.stop();
  renderChat(<Composer target={{ kind: 'channel', channel: testChannel }} />, harness.services);
  const input = screen.getByRole('textbox', { name: 'Message #general' });
  const typingFrames = () => harness.socket().sent.filter((f) => f.type === 'typing_start');
  return { ...harness, input, typingFrames };
}

describe('typing in the composer', () => {
  it('tells the others once while the text changes, and never for a command', async () => {
    const { input, typingFrames } = setup();
    await userEvent.type(input, 'hello');
    expect(typingFrames()).toEqual([{ type: 'typing_start', channel_id: testChannel.id }]);
    await userEvent.clear(input);
    await userEvent.type(input, '/shrug');
    expect(typingFrames()).toHaveLength(1);
  });

  it('shows who else is typing under the composer, until their message arrives', () => {
    const { emit } = setup();
    const line = () => document.querySelector('[data-typing-indicator]')!;
    expect(line().getAttribute('aria-live')).toBe('polite');
    expect(line().textContent).toBe('');
    act(() => emit('typing_start', { channel_id: testChannel.id, user_id: 7, username: 'alice', nickname: 'Ali' }));
    expect(line().textContent).toBe('Ali is typing…');
    act(() => emit('typing_start', { channel_id: 99, user_id: 8, username: 'bob', nickname: null }));
    expect(line().textContent).toBe('Ali is typing…'); // another channel's typist is not shown here
    act(() => emit('message', { channel_id: testChannel.id, group_id: 1, user_id: 7, content: 'hi' }));
    expect(line().textContent).toBe('');
  });
});
