import { settingsTarget, type SettingsTarget } from './settings-links';

/** Where a link in a message may lead. */
export type LinkTarget =
  /** Another site or a mail address: opens in a new tab, with no opener and no referrer. */
  | { kind: 'external'; href: string }
  /** The settings screen of this app, opened in place. */
  | { kind: 'settings'; href: string; settings: SettingsTarget };

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const EXTERNAL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * The link policy: http(s) and mailto only, plus this site's own settings links; anything else
 * (javascript:, data:, vbscript:, file:, protocol-relative //host, other relative paths) is no link
 * and stays text. The decision is made on the address as the browser's own URL parser reads it,
 * and the href given to the page is that parser's normalised form, so what was checked is what is
 * followed (tabs or newlines inside a scheme, entities, odd casing change nothing).
 */
export function resolveLink(target: string, origin: string = window.location.origin): LinkTarget | null {
  const absolute = SCHEME.test(target);
  // Relative addresses: only a path of this site (a settings link) may be written without a scheme.
  if (!absolute && !/^\/(?!\/)/.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return null;
  }
  if (url.origin === origin) {
    const settings = settingsTarget(url.pathname);
    if (settings) return { kind: 'settings', href: url.pathname, settings };
  }
  if (!absolute || !EXTERNAL_PROTOCOLS.has(url.protocol)) return null;
  return { kind: 'external', href: url.href };
}
