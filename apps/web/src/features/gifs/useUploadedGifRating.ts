import type { UserGif } from '@hearth/protocol';
import { useAllUserGifs, useUploadedGif } from './gif-queries';

/** What is known of an uploaded GIF's NSFW flag: 'pending' while it loads, 'unknown' when no such GIF is here. */
export type UploadedGifRating = 'nsfw' | 'safe' | 'unknown' | 'pending';

const byFile = (list: UserGif[]) => new Map(list.map((g) => [g.file_url, g.is_nsfw]));

/**
 * Whether a GIF uploaded to this server (its `file_url`) is flagged NSFW: from everyone's uploaded
 * GIFs (GET /gif/user/all, one cached list for all messages), or, for an older GIF that list does not
 * reach, from GET /gif/files/{name}. No file: nothing is asked.
 */
export function useUploadedGifRating(file: string | undefined): UploadedGifRating {
  const all = useAllUserGifs(file !== undefined);
  const listed = file !== undefined && all.data ? byFile(all.data).get(file) : undefined;
  const askOne = file !== undefined && (all.isError || (all.data !== undefined && listed === undefined));
  const one = useUploadedGif(askOne ? file : undefined);
  if (file === undefined) return 'unknown';
  const flag = listed ?? (one.data === undefined ? undefined : (one.data?.is_nsfw ?? null));
  if (flag === undefined) return (all.isPending && all.fetchStatus !== 'idle') || one.isLoading ? 'pending' : 'unknown';
  return flag === null ? 'unknown' : flag ? 'nsfw' : 'safe';
}
