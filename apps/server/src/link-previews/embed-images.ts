import type { Message } from '@hearth/protocol';
import type { LinkPreviews } from './link-previews.js';

/**
 * Puts the pictures of a page's link previews behind the media proxy's signed addresses (no query).
 * A loader of messages/page-extras.ts, written without naming its type so that the two files do not
 * import each other.
 */
export const signEmbedImages =
  (previews: LinkPreviews) =>
  async (_db: unknown, byId: ReadonlyMap<number, Message>): Promise<void> => {
    for (const message of byId.values())
      if (message.embeds.length > 0) message.embeds = previews.forClient(message.embeds);
  };
