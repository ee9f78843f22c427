import { useCallback, useMemo } from 'react';
import type { Message, Reaction } from '@hearth/protocol';
import { canonicalEmoji } from '@hearth/protocol/rules';
import { TEXT } from '@hearth/protocol/texts';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session';
import { ApiError } from '../../lib/http';
import { useToast } from '../../ui';
import { emojiKey, overEmojiCap, restoreReaction, upsertReaction, withoutReaction } from './reaction-list';
import { addReaction, removeReaction } from './reactions-api';
import { useReactionsContext } from './ReactionsContext';

/** What a reaction is made with: a Unicode emoji's text, or a custom emoji (shown at once with its picture). */
export type ReactionEmoji = string | { id: number; name: string; url: string };

/** Optimistic reactions stand in with negative ids until the server's answer replaces them. */
let lastTempId = 0;

/**
 * The server's text when it refused the request (spec 1 §8: e.g. 'You already added this reaction')
 * or the client throttle's; the fallback for a server failure or a lost connection.
 */
const failureText = (error: unknown, fallback: string) =>
  (error instanceof ApiError && error.status < 500) ||
  (error instanceof Error && error.message.startsWith('Rate limit exceeded'))
    ? error.message
    : fallback;

/**
 * Adding and removing the viewer's own reactions: shown at once, then confirmed by the server's
 * answer (or by the live event, whichever comes first), and undone with a toast when refused. One
 * toggle per message and emoji runs at a time.
 */
export function useReactionActions() {
  const { http } = useServices();
  const toast = useToast();
  const me = useSession()?.user ?? null;
  const context = useReactionsContext();

  const add = useCallback(
    async (message: Message, emoji: ReactionEmoji) => {
      if (!context || !me) return;
      // A custom emoji is sent by id (spec 1 §7); a Unicode one by its canonical text.
      const custom = typeof emoji === 'string' ? null : emoji;
      const unicode = typeof emoji === 'string' ? canonicalEmoji(emoji) : null;
      const key = emojiKey({ emoji_id: custom?.id ?? null, emoji_unicode: unicode });
      const busy = `${message.id} ${key}`;
      // Picking an emoji one already reacted with adds nothing (the chip is where it is taken back).
      if (context.pending.has(busy) || message.reactions.some((r) => r.user_id === me.id && emojiKey(r) === key))
        return;
      context.pending.add(busy);
      const stand: Reaction = {
        id: --lastTempId,
        message_id: message.id,
        channel_id: message.channel_id,
        user_id: me.id,
        username: me.username,
        emoji_id: custom?.id ?? null,
        emoji_unicode: unicode,
        emoji_name: custom?.name ?? null,
        emoji_url: custom?.url ?? null,
        created_at: new Date().toISOString(),
      };
      const { target } = context;
      // Checked on what the message holds now: a Shift+click range adds several before it re-renders.
      let full = false;
      target.updateReactions(message.id, (list) => {
        full = overEmojiCap(list, key);
        return full ? [...list] : upsertReaction(list, stand);
      });
      if (full) {
        context.pending.delete(busy);
        toast.error(TEXT.reactionTooManyEmoji);
        return;
      }
      try {
        // Keyed per emoji, so a range of picks is not cut short by the per-request-key throttle.
        const body = custom ? { emoji_id: custom.id } : { emoji_unicode: unicode ?? '' };
        const saved = await addReaction(http, message, body, key);
        target.updateReactions(message.id, (list) => upsertReaction(list, saved, stand.id));
      } catch (error) {
        target.updateReactions(message.id, (list) => withoutReaction(list, stand.id));
        toast.error(failureText(error, TEXT.reactionAddFailed));
      } finally {
        context.pending.delete(busy);
      }
    },
    [context, me, http, toast],
  );

  const remove = useCallback(
    async (message: Message, reaction: Reaction) => {
      const busy = `${message.id} ${emojiKey(reaction)}`;
      // A stand-in has no id on the server yet; its add is still pending anyway.
      if (!context || reaction.id < 0 || context.pending.has(busy)) return;
      context.pending.add(busy);
      const { target } = context;
      target.updateReactions(message.id, (list) => withoutReaction(list, reaction.id));
      try {
        await removeReaction(http, message, reaction.id);
      } catch (error) {
        // Already gone (another tab took it back): what the user wanted.
        if (error instanceof ApiError && error.status === 404) return;
        target.updateReactions(message.id, (list) => restoreReaction(list, reaction));
        toast.error(failureText(error, TEXT.reactionRemoveFailed));
      } finally {
        context.pending.delete(busy);
      }
    },
    [context, http, toast],
  );

  return useMemo(() => ({ add, remove }), [add, remove]);
}
