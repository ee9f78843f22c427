import type { Config } from '../../config.js';
import type { Db } from '../../db/pool.js';
import { builtinProvider } from './builtin.js';
import { cachedProvider } from './cache.js';
import { giphyProvider } from './giphy.js';
import type { GifProvider } from './provider.js';

/** GIPHY when a key is configured, else the instance's own uploaded GIFs. */
export function createGifProvider(config: Config, db: Db): GifProvider {
  if (!config.giphyApiKey) return builtinProvider(db);
  return cachedProvider(
    giphyProvider({ apiKey: config.giphyApiKey, baseUrl: config.giphyApiUrl, rating: config.giphyRating }),
  );
}
