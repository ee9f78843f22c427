import { lazy, Suspense } from 'react';
import type { Message } from '@hearth/protocol';
import { useChatPref } from '../../app/chat-prefs';

// The cards are a chunk of their own, fetched the first time a message on screen has a preview.
const LinkPreviewCards = lazy(() => import('./LinkPreviewCards'));

/**
 * A message's link previews and proxied GIFs, under its text. Page previews follow the 'Show link
 * previews' switch of Chat Settings; a GIF is the message's content, so it shows either way.
 */
export function MessageEmbeds({ message }: { message: Pick<Message, 'id' | 'channel_id' | 'user_id' | 'embeds'> }) {
  const showPreviews = useChatPref('showLinkPreviews');
  const embeds = (message.embeds ?? []).filter((e) => e.type === 'gif' || showPreviews);
  if (embeds.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <LinkPreviewCards message={message} embeds={embeds} />
    </Suspense>
  );
}
