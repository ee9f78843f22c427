import { describe, expect, it } from 'vitest';
import { isAppNavigation } from './navigation';

describe('isAppNavigation', () => {
  it('takes the client routes: home, channels, conversations, pages and the pre-sign-in views', () => {
    for (const path of [
      '/',
      '/channels/3',
      '/channels/3/42',
      '/dm/7',
      '/settings',
      '/settings/account/password',
      '/profile/bob',
      '/admin',
      '/forgot-password',
      '/reset-password',
      '/nowhere-known',
    ]) {
      expect(isAppNavigation(path), path).toBe(true);
    }
  });

  it("leaves the server's own addresses and files to the network", () => {
    for (const path of [
      '/api',
      '/api/version',
      '/api/attachments/1/file/cat.png',
      '/ws',
      '/assets/index-abc123.js',
      '/assets/',
      '/legal/terms.html',
      '/changelogs/0.2.4.md',
      '/changelogs/index.json',
      '/favicon.svg',
      '/favicon.ico',
      '/sw.js',
      '/manifest.webmanifest',
      '/icons/icon-192.png',
      '/index.html',
    ]) {
      expect(isAppNavigation(path), path).toBe(false);
    }
  });

  it('reads the path only: a path that merely starts like a server one is still the app', () => {
    expect(isAppNavigation('/apiary')).toBe(true);
    expect(isAppNavigation('/wsx')).toBe(true);
  });
});
