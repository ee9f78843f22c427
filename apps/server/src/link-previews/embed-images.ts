import type { PageExtraLoader } from '../messages/page-extras.js';
import type { LinkPreviews } from './link-previews.js';

/** Puts the pictures of a page's link previews behind the media proxy's signed addresses (no query). */
export const signEmbedImages =
  (previews: LinkPreviews): PageExtraLoader =>
  async (_db, byId) => {
    for (const message of byId.values())
      if (message.embeds.length > 0) message.embeds = previews.forClient(message.embeds);
  };
