import { z } from 'zod';
import type { Endpoint } from './endpoint-types.js';
import { IdParams } from './common.js';
import {
  FavoriteCheckAnswer,
  FavoriteGif,
  FavoriteGifBody,
  GifCategoriesAnswer,
  GifIdParams,
  GifNsfwBody,
  GifPage,
  GifProviderAnswer,
  GifRenameBody,
  GifSearchQuery,
  GifTrendingQuery,
  UserGif,
} from './gifs.js';

/** GIFs: the provider's trending and search, favourites, and uploaded GIFs. */
export const GIF_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/gif/provider',
    auth: 'user',
    status: 200,
    summary:
      "Which provider answers trending, search and categories: 'giphy' when the server has a GIPHY_API_KEY (the picker credits GIPHY), else 'builtin', the instance's own uploaded GIFs.",
    answer: GifProviderAnswer,
  },
  {
    method: 'GET',
    path: '/gif/trending',
    auth: 'user',
    status: 200,
    summary:
      "A page of trending GIFs: GIPHY's trending, or the newest uploaded GIFs. Pass the answer's `next` as `pos` for the next page (null at the end). A provider that cannot be reached or answers an error is 502 'Failed to get trending GIFs'. GIPHY's answers are kept for a minute.",
    limits: ['gifSearchPerUser'],
    query: GifTrendingQuery,
    answer: GifPage,
  },
  {
    method: 'GET',
    path: '/gif/search',
    auth: 'user',
    status: 200,
    summary:
      "A page of GIFs matching `q` (blank is 400): GIPHY's search, or uploaded GIFs whose name contains it (spaces match underscores; exact and prefix matches first). Paged as trending; a provider failure is 502 'Failed to search GIFs'.",
    limits: ['gifSearchPerUser'],
    query: GifSearchQuery,
    answer: GifPage,
  },
  {
    method: 'GET',
    path: '/gif/categories',
    auth: 'user',
    status: 200,
    summary:
      "GIF categories to offer as searches: GIPHY's, or the spec's 16 quick searches without pictures. A provider failure is 502 'Failed to get GIF categories'. (The spec's GET /category is the groups' categories here.)",
    limits: ['gifSearchPerUser'],
    answer: GifCategoriesAnswer,
  },
  {
    method: 'GET',
    path: '/gif/favorites',
    auth: 'user',
    status: 200,
    summary: "The caller's favorite GIFs, the latest first.",
    answer: z.array(FavoriteGif),
  },
  {
    method: 'POST',
    path: '/gif/favorites',
    auth: 'user',
    status: 201,
    summary:
      "Adds a favorite GIF (201) as the picker showed it; one the caller already has is answered as it is (200), never twice. One favorites operation per user at a time: while another add or remove of the caller's runs, 409 'Already processing favorites operation'.",
    limits: ['writePerUser'],
    body: FavoriteGifBody,
    answer: FavoriteGif,
  },
  {
    method: 'DELETE',
    path: '/gif/favorites/:gifId',
    auth: 'user',
    status: 204,
    summary:
      "Removes the favorite with that `gif_id` (404 'Favorite GIF not found'); 409 'Already processing favorites operation' as adding.",
    limits: ['writePerUser'],
    params: GifIdParams,
  },
  {
    method: 'GET',
    path: '/gif/favorites/check/:gifId',
    auth: 'user',
    status: 200,
    summary: 'Whether the caller has the GIF with that `gif_id` among their favorites.',
    params: GifIdParams,
    answer: FavoriteCheckAnswer,
  },
  {
    method: 'GET',
    path: '/gif/user',
    auth: 'user',
    status: 200,
    summary: "The caller's uploaded GIFs, the latest first.",
    answer: z.array(UserGif),
  },
  {
    method: 'GET',
    path: '/gif/user/all',
    auth: 'user',
    status: 200,
    summary:
      "Every user's uploaded GIFs (they are shared with the whole instance), the latest first, at most 1000; each says whether it is NSFW.",
    answer: z.array(UserGif),
  },
  {
    method: 'GET',
    path: '/gif/users/:userId',
    auth: 'user',
    status: 200,
    summary:
      "One user's uploaded GIFs, the latest first (at most 200). Clients draw `:name:` in that user's messages as the GIF of that name when no emoji has it. An unknown user has none.",
    answer: z.array(UserGif),
  },
  {
    method: 'GET',
    path: '/gif/files/:name',
    auth: 'user',
    status: 200,
    summary:
      "The uploaded GIF served at /api/gif-files/{name} (the last part of its `file_url`), so a message linking it can be blurred when it is NSFW. 404 'GIF not found'.",
    answer: UserGif,
  },
  {
    method: 'POST',
    path: '/gif/upload',
    auth: 'user',
    status: 201,
    summary:
      "Uploads a GIF (multipart: `file`; `name`, left out for the file name by the default-name rule; `is_nsfw`, the text true or false, left out false). Checked in this order, each a 400 with the spec's text: a GIF told from its bytes and decoding as one ('Only GIF files allowed'); at most 10 MB ('File too large. Max 10 MB'); the name ('Name is required', 'Name must be alphanumeric or underscore', 'Name must be 32 characters or fewer'); unique among the caller's GIFs in any case ('GIF name must be unique'); at most 200 per user ('You have reached the limit (200).'). Stored as sent (not re-encoded), served at `file_url`, counted in the caller's storage (413 past the storage limit).",
    limits: ['writePerUser'],
    answer: UserGif,
  },
  {
    method: 'PATCH',
    path: '/gif/gifs/user/:id/rename',
    auth: 'user',
    status: 200,
    summary:
      "Renames an uploaded GIF, with the upload's name rules; unique among the owner's GIFs in any case, the GIF itself excepted. Its owner or an ADMIN only (403; 404 when there is no such GIF).",
    limits: ['writePerUser'],
    params: IdParams,
    body: GifRenameBody,
    answer: UserGif,
  },
  {
    method: 'PATCH',
    path: '/gif/gifs/user/:id/nsfw',
    auth: 'user',
    status: 200,
    summary: 'Marks an uploaded GIF NSFW or not. Its owner or an ADMIN only (403; 404 when there is no such GIF).',
    limits: ['writePerUser'],
    params: IdParams,
    body: GifNsfwBody,
    answer: UserGif,
  },
  {
    method: 'DELETE',
    path: '/gif/user/:id',
    auth: 'user',
    status: 204,
    summary:
      "Deletes an uploaded GIF with its file (its address answers 404 from then on) and everyone's favorites of it. Its owner or an ADMIN only (403; 404 when there is no such GIF).",
    limits: ['writePerUser'],
    params: IdParams,
  },
  {
    method: 'GET',
    path: '/gif-files/:name',
    auth: 'none',
    status: 200,
    summary:
      "An uploaded GIF's file (image/gif, the bytes as uploaded), at its `file_url`. The address is random per upload, does not expire (messages carry it) and is cached for good.",
    params: z.object({ name: z.string() }),
  },
];
