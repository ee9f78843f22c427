/** Seconds left on an access token, read from its payload (no verification: the server does that). */
export function secondsLeft(token: string, now = Date.now()): number {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return payload.exp ? payload.exp - now / 1000 : 0;
  } catch {
    return 0;
  }
}

/** Refresh when less than 5 minutes remain (the token lives 15; the check runs every 2). */
export const accessTokenExpiresSoon = (token: string, now = Date.now()) => secondsLeft(token, now) < 300;
