import type { UserGif } from '@hearth/protocol';
import { useAllUserGifs } from './gif-queries';

/** What is known of an uploaded GIF's NSFW flag: 'pending' while the list loads, 'unknown' when it is not in it. */
export type UploadedGifRating = 'nsfw' | 'safe' | 'unknown' | 'pending';

const byFile = (list: UserGif[]) => new Map(list.map((g) => [g.file_url, g.is_nsfw]));

/**
 * Whether a GIF uploaded to this server (its `file_url`) is flagged NSFW, from everyone's uploaded GIFs
 * (GET /gif/user/all, one cached list for all messages). No file: nothing is asked.
 */
export function useUploadedGifRating(file: string | undefined): UploadedGifRating {
  const all = useAllUserGifs(file !== undefined);
  if (file === undefined) return 'unknown';
  if (all.isPending && all.fetchStatus !== 'idle') return 'pending';
  const flag = all.data ? byFile(all.data).get(file) : undefined;
  return flag === undefined ? 'unknown' : flag ? 'nsfw' : 'safe';
}
