import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import type { UserRow } from '../users/user-row.js';

/**
 * A picker call to the configured provider (trending, search, categories): counted against the
 * caller's GIF search limit (a third-party provider's quota is the instance's), and any failure of the
 * provider (unreachable, an error status, a body that does not read) answered 502 with the spec's text
 * for that call, never a 500. A 4xx of our own (a bad `pos`) passes as it is.
 */
export async function pickerCall<T>(
  ctx: AppContext,
  user: UserRow,
  failure: string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    console.warn(`[gifs] ${failure}: ${(err as Error).message}`);
    throw new HttpError(502, failure);
  }
}
