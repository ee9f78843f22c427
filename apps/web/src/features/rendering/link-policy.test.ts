import { describe, expect, it } from 'vitest';
import { resolveLink } from './link-policy';

const ORIGIN = 'https://chat.example';

describe('resolveLink', () => {
  it('lets http(s) and mailto through, in the parser’s normalised form', () => {
    expect(resolveLink('https://example.com/a b', ORIGIN)).toEqual({
      kind: 'external',
      href: 'https://example.com/a%20b',
    });
    expect(resolveLink('HTTP://Example.com', ORIGIN)).toEqual({ kind: 'external', href: 'http://example.com/' });
    expect(resolveLink('mailto:me@example.com', ORIGIN)).toEqual({ kind: 'external', href: 'mailto:me@example.com' });
  });

  it('refuses every other scheme, however it is written', () => {
    for (const target of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      ' javascript:alert(1)',
      '\u0000javascript:alert(1)',
      'data:text/html,x',
      'vbscript:msgbox',
      'file:///etc/passwd',
      'ftp://files.example/x',
      'blob:https://chat.example/x',
      '&#106;avascript:alert(1)',
    ]) {
      expect(resolveLink(target, ORIGIN), target).toBeNull();
    }
  });

  it('refuses relative and protocol-relative addresses other than settings links', () => {
    for (const target of ['//evil.example/x', '/\\evil.example', 'other/page', '/profile/bob', '#top', '?q=1', '']) {
      expect(resolveLink(target, ORIGIN), target).toBeNull();
    }
  });

  it('takes this site’s settings links, relative or absolute, to the settings screen', () => {
    expect(resolveLink('/settings/account/password', ORIGIN)).toEqual({
      kind: 'settings',
      href: '/settings/account/password',
      settings: { tab: 'account', section: 'password' },
    });
    expect(resolveLink(`${ORIGIN}/settings/privacy/email`, ORIGIN)).toMatchObject({
      kind: 'settings',
      settings: { tab: 'privacy', section: 'email' },
    });
    expect(resolveLink(`${ORIGIN}/settings/devices/`, ORIGIN)).toMatchObject({
      settings: { tab: 'devices', section: null },
    });
    // Another site's /settings is just a link to that site.
    expect(resolveLink('https://other.example/settings/account', ORIGIN)).toEqual({
      kind: 'external',
      href: 'https://other.example/settings/account',
    });
    // Not one of the three addresses: a same-site link opened like any other.
    expect(resolveLink(`${ORIGIN}/settings/voice`, ORIGIN)).toMatchObject({ kind: 'external' });
    expect(resolveLink('/settings/voice', ORIGIN)).toBeNull();
  });
});
