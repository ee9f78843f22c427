import ipaddr from 'ipaddr.js';

/*
 * Which addresses the server may fetch a link preview or a proxied image from: only ordinary public
 * unicast ones. ipaddr.js names the special ranges; anything it does not call `unicast` is refused
 * (loopback, private, link-local with the cloud metadata address 169.254.169.254, carrier-grade NAT,
 * multicast, broadcast, unspecified `0.0.0.0`/`::`, reserved and documentation ranges, unique-local
 * IPv6 such as fd00:ec2::254, 6to4 and Teredo). An IPv6 address that carries an IPv4 one
 * (`::ffff:127.0.0.1`, NAT64 `64:ff9b::7f00:1`) is judged by the IPv4 address it reaches.
 */

/** The IPv6 forms that embed an IPv4 address in their last 32 bits. */
const EMBEDDING_V4 = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052']);

/** Whether `address` (an IP address as text) is a public unicast address. Anything unparsable is not. */
export function isPublicAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, ''));
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    // A zone (`fe80::1%eth0`) only ever names a local link.
    if (v6.zoneId) return false;
    const range = v6.range();
    if (EMBEDDING_V4.has(range)) {
      const bytes = v6.toByteArray().slice(12);
      return new ipaddr.IPv4(bytes).range() === 'unicast';
    }
    return range === 'unicast';
  }
  return parsed.range() === 'unicast';
}

/** `host:port` of an address, as UNFURL_ALLOWED_HOSTS lists them (IPv6 in brackets), the port always written. */
export function hostPort(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname.toLowerCase()}:${port}`;
}
