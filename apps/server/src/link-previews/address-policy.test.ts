import { describe, expect, it } from 'vitest';
import { hostPort, isPublicAddress } from './address-policy.js';

/** The host of an address as the WHATWG URL parser (and so the fetcher) reads it. */
const hostOf = (address: string) => new URL(address).hostname;

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.5.6.7',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254', // cloud metadata
    '169.254.0.1',
    '100.64.0.1', // carrier-grade NAT
    '100.127.255.254',
    '100.100.100.200', // a cloud's metadata, inside CGNAT
    '0.0.0.0',
    '0.1.2.3',
    '255.255.255.255',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '192.0.2.1', // documentation
    '::',
    '::1',
    '[::1]',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd00:ec2::254', // cloud metadata over IPv6
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
    '64:ff9b::a9fe:a9fe', // NAT64 of 169.254.169.254
    '2001:db8::1', // documentation
    '2002:7f00:1::1', // 6to4
    'not an address',
    '',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('judges the forms the URL parser turns into loopback and private addresses', () => {
    for (const address of [
      'http://2130706433/',
      'http://0x7f.1/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://0x7f000001/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::1]/',
      'http://[0:0:0:0:0:ffff:7f00:1]/',
      'http://0/',
      'http://167772161/', // 10.0.0.1
      'http://[::ffff:a9fe:a9fe]/',
    ])
      expect(isPublicAddress(hostOf(address)), address).toBe(false);
  });
});

describe('hostPort', () => {
  it('always names the port, and IPv6 in brackets', () => {
    expect(hostPort(new URL('http://LocalHost/x'))).toBe('localhost:80');
    expect(hostPort(new URL('https://example.com/'))).toBe('example.com:443');
    expect(hostPort(new URL('http://[::1]:8080/'))).toBe('[::1]:8080');
  });
});
