import { expect, onTestFinished } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Message, SelfUser } from '@hearth/protocol';
import type { Reply, Request } from '../../test/fake-fetch';
import { ChannelChat } from './ChannelChat';
import { baseRoutes, createTestServices, renderChat } from './test-harness';

/** The tests of what a channel shows (messages, replies, pins, ArrowUp's edit), set up one way. */

export interface ChannelChatSetup {
  /** What every page of the history answers. */
  messages?: Message[];
  /** Who is signed in (a member by default). */
  user?: SelfUser;
  /** The test's own answers, asked first; undefined leaves a request to the history and the shell's lookups. */
  answer?: (req: Request) => Reply | undefined;
}

/** #general (channel 1 of group 1) rendered whole, with its header, list and composer. */
export function renderChannelChat({ messages = [], user, answer }: ChannelChatSetup = {}) {
  const base = baseRoutes();
  const harness = createTestServices({
    user,
    routes: (req) => {
      const own = answer?.(req);
      if (own) return own;
      if (req.method === 'GET' && req.path.startsWith('/api/message?')) return { status: 200, body: messages };
      return base(req);
    },
  });
  onTestFinished(() => harness.services.live.stop());
  renderChat(<ChannelChat channelId={1} />, harness.services);
  return harness;
}

/** The row of the message that shows `text`. */
export const article = (text: string) => screen.getByText(text).closest('article')!;

/** The list stays invisible until it has scrolled to its first position; only then can roles be queried. */
export async function messageShown(text: string) {
  await screen.findByText(text);
  await waitFor(() => expect(screen.getAllByRole('article').length).toBeGreaterThan(0));
}

/** Opens the actions menu of the message that shows `text`. */
export async function openActions(text: string) {
  await messageShown(text);
  await userEvent.click(within(article(text)).getByRole('button', { name: 'Message actions' }));
  return screen.findByRole('menu', { name: 'Message actions' });
}
