import { z } from 'zod';
import { IsoDate, UserText } from './common.js';
import { GIF_PAGE_SIZE_DEFAULT, GIF_PAGE_SIZE_MAX, GIF_TEXT, gifNameError } from './gif-rules.js';

export * from './gif-rules.js';

/** A GIF the picker shows (spec 1 §3), from the configured provider. */
export const GifResult = z.object({
  id: z.string().describe("the provider's id; the built-in provider's is 'user-<id>' of an uploaded GIF"),
  title: z.string(),
  url: z.string().describe('the GIF to send: https on the provider, or a path on this server for an uploaded GIF'),
  preview_url: z.string().describe('a smaller rendition for the picker grid'),
  width: z.number(),
  height: z.number(),
  size: z.number().describe('bytes of `url`; 0 when the provider does not say'),
  is_nsfw: z.boolean(),
  is_user_generated: z.boolean().describe("true for the instance's own uploaded GIFs (the built-in provider)"),
});
export type GifResult = z.infer<typeof GifResult>;

export const GifPage = z.object({
  results: z.array(GifResult),
  next: z.string().nullable().describe('pass as `pos` for the next page; null at the end'),
});
export type GifPage = z.infer<typeof GifPage>;

const Limit = z.coerce
  .number()
  .int()
  .min(1)
  .max(GIF_PAGE_SIZE_MAX)
  .default(GIF_PAGE_SIZE_DEFAULT)
  .describe(`GIFs per page (the picker asks for 15)`);
const Pos = z.string().max(32).optional().describe('`next` of the previous page');

export const GifTrendingQuery = z.object({ limit: Limit, pos: Pos });

export const GifSearchQuery = z.object({
  q: z
    .unknown()
    .refine((v) => typeof v === 'string' && v.trim() !== '', GIF_TEXT.queryRequired)
    .pipe(UserText().trim().max(100, 'Search terms must be 100 characters or fewer')),
  limit: Limit,
  pos: Pos,
});

export const GifCategory = z.object({
  name: z.string(),
  search_term: z.string().describe('what to search for when the category is picked'),
  preview_url: z.string().nullable(),
});
export const GifCategoriesAnswer = z.object({ categories: z.array(GifCategory) });
export type GifCategory = z.infer<typeof GifCategory>;

export const GifProviderAnswer = z.object({
  provider: z
    .enum(['builtin', 'giphy'])
    .describe(
      "where search, trending and categories come from: 'builtin' (this instance's uploaded GIFs) or 'giphy' (credit it: Powered by GIPHY; its images come from GIPHY_MEDIA_ORIGINS)",
    ),
});

/* ---------- favorites ---------- */

const GIF_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;
export const GifId = z.string().regex(GIF_ID_PATTERN, GIF_TEXT.invalidGifId);
export const GifIdParams = z.object({ gifId: GifId });

/** An absolute http(s) address, or a path on this server (an uploaded GIF's file_url). */
function isGifAddress(s: string): boolean {
  if (s.startsWith('/')) return !s.startsWith('//') && !s.includes('\\');
  if (!/^https?:\/\//i.test(s)) return false;
  try {
    new URL(s);
    return true;
  } catch {
    return false;
  }
}
const GifAddress = z.string().max(2048).refine(isGifAddress, GIF_TEXT.invalidUrl);
const Dimension = z.number().int().min(0).max(100_000).nullish();

export const FavoriteGifBody = z.object({
  gif_id: GifId,
  gif_title: UserText().max(500).nullish(),
  gif_url: GifAddress,
  gif_preview_url: GifAddress.nullish().describe('`gif_url` when left out'),
  gif_width: Dimension,
  gif_height: Dimension,
  gif_size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
  is_nsfw: z.boolean().default(false),
});
export type FavoriteGifBody = z.infer<typeof FavoriteGifBody>;

export const FavoriteGif = z.object({
  id: z.number(),
  gif_id: z.string(),
  gif_title: z.string(),
  gif_url: z.string(),
  gif_preview_url: z.string(),
  gif_width: z.number(),
  gif_height: z.number(),
  gif_size: z.number(),
  is_nsfw: z.boolean(),
});
export type FavoriteGif = z.infer<typeof FavoriteGif>;

export const FavoriteCheckAnswer = z.object({ is_favorite: z.boolean() });

/* ---------- uploaded GIFs ---------- */

export const UserGif = z.object({
  id: z.number(),
  name: z.string(),
  file_url: z.string().describe('a path on this server ending in .gif; stable for the life of the GIF'),
  width: z.number(),
  height: z.number(),
  file_size: z.number(),
  is_nsfw: z.boolean(),
  user_id: z.number(),
  created_at: IsoDate,
});
export type UserGif = z.infer<typeof UserGif>;

/** A GIF name (spec 3 §5): trimmed, then required, letters, digits and underscore, at most 32. */
export const GifName = z
  .unknown()
  .refine((v) => typeof v === 'string' && v.trim() !== '', GIF_TEXT.nameRequired)
  .pipe(
    UserText()
      .trim()
      .superRefine((name, ctx) => {
        const error = gifNameError(name);
        if (error) ctx.addIssue({ code: 'custom', message: error });
      }),
  );

export const GifRenameBody = z.object({ name: GifName });
export const GifNsfwBody = z.object({ is_nsfw: z.boolean() });
