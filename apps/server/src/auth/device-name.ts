import Bowser from 'bowser';

const UNKNOWN = 'Unknown device';

/**
 * A readable name such as 'Chrome on Linux' for the devices list; 'Unknown device' when the browser
 * sent no User-Agent or one that names nothing (Bowser answers empty names, not missing ones, for
 * blank or unreadable text), so a device's card always has a title.
 */
export function deviceNameFromUserAgent(userAgent: string | undefined): string {
  const text = userAgent?.trim() ?? '';
  if (!text) return UNKNOWN;
  const parsed = Bowser.parse(text);
  const browser = parsed.browser.name?.trim();
  const os = parsed.os.name?.trim();
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || text.slice(0, 60).trim() || UNKNOWN;
}
