import { z } from 'zod';
import type { Endpoint } from './endpoint-types.js';
import { IdParams } from './common.js';
import { CustomEmoji, CustomEmojiListQuery, UpdateCustomEmojiBody } from './emoji.js';

/** Custom emoji. */
export const EMOJI_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/emoji/emojis',
    auth: 'user',
    status: 200,
    summary:
      "The caller's own custom emoji; with `public=true`, every public emoji, anyone's (the caller's included). Sorted by name in any case.",
    query: CustomEmojiListQuery,
    answer: z.array(CustomEmoji),
  },
  {
    method: 'POST',
    path: '/emoji/emojis',
    auth: 'user',
    status: 201,
    summary:
      "Uploads an emoji (multipart: `file`, `name`, `is_public`, `is_nsfw`, the flags as the text true or false, left out false). Checked in this order, each a 400 with the spec's text: the type told from the bytes, JPEG, PNG, GIF or WebP ('Invalid file type. Allowed: JPEG, PNG, GIF, WebP'); at most 5 MB ('File too large. Max 5 MB'); at most 256x256 unless a GIF ('Image dimensions must be at most 256x256px'); at most 200 per user ('You have reached the limit (200).'); a name of letters, digits and underscore, at most 32 ('Name is required', 'Name must be alphanumeric or underscore', 'Name must be 32 characters or fewer'), unique among the caller's emoji in any case ('Emoji name must be unique'). An animation may hold at most 50 million pixels over all frames. The server re-encodes the picture to WebP (animation kept, GIFs at their size) and counts it in the caller's storage (413 past the storage limit).",
    limits: ['writePerUser'],
    answer: CustomEmoji,
  },
  {
    method: 'PUT',
    path: '/emoji/emojis/:id',
    auth: 'user',
    status: 200,
    summary:
      "Renames an emoji (the upload's name rules; the emoji itself does not count against uniqueness) or sets `is_public` or `is_nsfw`; fields left out keep their value. Only its owner or an ADMIN: someone else's public emoji is 403, someone else's private one 404 like one that does not exist.",
    limits: ['writePerUser'],
    params: IdParams,
    body: UpdateCustomEmojiBody,
    answer: CustomEmoji,
  },
  {
    method: 'DELETE',
    path: '/emoji/emojis/:id',
    auth: 'user',
    status: 204,
    summary:
      "Deletes an emoji with its file, and every reaction made with it (one `custom_emoji_delete` event tells clients to drop them, instead of a reaction_remove for each). Owner or ADMIN, with PUT's 403 and 404.",
    limits: ['writePerUser'],
    params: IdParams,
  },
  {
    method: 'GET',
    path: '/emoji/images/:key',
    auth: 'none',
    status: 200,
    summary:
      "An emoji's picture (image/webp), at the `url` its emoji carries. Each upload gets a new random address, cached for good.",
    params: z.object({ key: z.string() }),
  },
];
