/**
 * The address a message carries: uploaded GIFs are paths on this server, and a message read
 * elsewhere (another client, a notification, a copy) needs the whole address.
 */
export const absoluteGifUrl = (url: string, origin: string = window.location.origin): string =>
  new URL(url, origin).href;
