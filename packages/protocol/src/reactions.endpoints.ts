import type { Endpoint } from './endpoint-types.js';
import { IdParams } from './common.js';
import { AddReactionBody, Reaction, ReactionParams } from './reactions.js';

/** Reactions on channel messages (those on direct messages are with the direct messages). */
export const REACTION_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'POST',
    path: '/message/:id/reactions',
    auth: 'user',
    status: 201,
    summary:
      'Adds the caller\'s reaction: exactly one of `emoji_unicode` (one emoji, stored fully qualified) and `emoji_id` (a custom emoji the caller may use: their own or a public one; any other is 404 "Emoji not found"). A custom emoji\'s reaction carries its current `emoji_name` and `emoji_url`. Needs can_post (403); the same emoji twice is 409 "You already added this reaction"; a message holds at most 20 different emoji (400), and one an admin removed takes none.',
    limits: ['writePerUser'],
    params: IdParams,
    body: AddReactionBody,
    answer: Reaction,
  },
  {
    method: 'DELETE',
    path: '/message/:id/reactions/:reactionId',
    auth: 'user',
    status: 204,
    summary:
      "Removes the caller's own reaction (204; anyone else's is 403). Needs only view access, so a user who lost can_post can still take a reaction back.",
    limits: ['writePerUser'],
    params: ReactionParams,
  },
];
