/**
 * Which Web Push endpoints this server will POST to. A subscription's endpoint comes from the client,
 * so without a list anyone could make the server send requests to any address (its own network
 * included). Browsers only ever hand out endpoints of their vendor's push service, so those hosts,
 * over HTTPS, are allowed; PUSH_ENDPOINT_ORIGINS adds others (a self-hosted push service, or the
 * local stand-in the tests use).
 */
const BROWSER_PUSH_HOSTS: readonly RegExp[] = [
  /^fcm\.googleapis\.com$/, // Chrome, Edge on Android, Opera, Brave
  /^android\.googleapis\.com$/, // older Chrome subscriptions
  /^updates\.push\.services\.mozilla\.com$/, // Firefox
  /^([a-z0-9-]+\.)*push\.apple\.com$/, // Safari (web.push.apple.com)
  /^[a-z0-9-]+\.notify\.windows\.com$/, // Edge on Windows (WNS)
];

export function isAllowedPushEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  return (
    url.protocol === 'https:' &&
    (url.port === '' || url.port === '443') &&
    BROWSER_PUSH_HOSTS.some((host) => host.test(url.hostname))
  );
}
