import { gifAddressKind, previewLinks, type Message } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import type { Audience } from '../events/event-log.js';
import type { StoredEmbed } from './page-preview.js';

/** A GIF linked from another site: nothing to fetch now; the proxy fetches it when it is shown. */
const gifEmbed = (url: string): StoredEmbed => ({
  type: 'gif',
  url,
  title: null,
  description: null,
  site_name: null,
  image: url,
  color: null,
});

/**
 * Fetches the previews of a message's links after its send (or an edit that changed its links) was
 * answered, stores them and tells the viewers with `message_embeds_update`. The send never waits for
 * it. `previous` is the text before an edit: an edit that keeps the same links fetches nothing. The
 * UPDATE stores only while the text is still the one previewed and the author has not removed the
 * previews, so a slow fetch never overwrites a later edit's.
 */
export function unfurlMessage(ctx: AppContext, message: Message, audience: Audience, previous?: string): void {
  const links = previewLinks(message.content);
  if (previous === undefined ? links.length === 0 : sameLinks(links, previewLinks(previous))) return;
  ctx.previews.inBackground(async () => {
    const found = await Promise.all(
      links.map((link) => {
        const gif = gifAddressKind(link);
        // The GIF service's GIFs are shown by the client from the service itself, as always.
        if (gif === 'service') return null;
        return gif === 'other' ? gifEmbed(link) : ctx.previews.preview(link);
      }),
    );
    const embeds = found.filter((e): e is StoredEmbed => e !== null);
    const { rowCount } = await ctx.db.query(
      `UPDATE messages SET embeds = $2
        WHERE id = $1 AND content = $3 AND NOT embeds_removed AND embeds <> $2::jsonb`,
      [message.id, JSON.stringify(embeds), message.content],
    );
    if (!rowCount) return;
    await ctx.events.publish(
      'message_embeds_update',
      {
        message_id: message.id,
        channel_id: message.channel_id,
        group_id: message.group_id,
        embeds: ctx.previews.forClient(embeds),
      },
      audience,
    );
  });
}

function sameLinks(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((link, i) => link === b[i]);
}
