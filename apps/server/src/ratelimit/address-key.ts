import { isIPv6 } from 'node:net';

/**
 * The key a client address is counted under. An IPv6 client is usually handed a whole /64 (and can
 * pick any address in it), so IPv6 addresses count per /64; an IPv4 address, also one written in
 * IPv6 form (::ffff:203.0.113.7), counts on its own.
 */
export function addressKey(address: string): string {
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, '::' filled in and leading zeros dropped. */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) takes two groups.
  const last = right.length ? right[right.length - 1]! : left[left.length - 1];
  const extra = last?.includes('.') ? 1 : 0;
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length - extra).fill('0');
  return [...left, ...zeros, ...right].map((group) =>
    group.includes('.') ? group : String(parseInt(group, 16).toString(16)),
  );
}
