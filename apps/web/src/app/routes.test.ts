import { describe, expect, it } from 'vitest';
import { HOME, isPagePath, placeFromPath, placePath, preSignInView } from './routes';

describe('routes', () => {
  it('gives home, a group and a channel their addresses, and reads them back', () => {
    const places = [HOME, { groupId: 3, channelId: null }, { groupId: 3, channelId: 42 }];
    expect(places.map(placePath)).toEqual(['/', '/channels/3', '/channels/3/42']);
    expect(places.map((p) => placeFromPath(placePath(p)))).toEqual(places);
    expect(placeFromPath('/channels/3/42/')).toEqual({ groupId: 3, channelId: 42 });
  });

  it('reads no place from pages of their own or from addresses that are none', () => {
    for (const path of ['/settings', '/settings/account/password', '/admin', '/profile/bob']) {
      expect(placeFromPath(path)).toBeNull();
      expect(isPagePath(path)).toBe(true);
    }
    for (const path of ['/channels', '/channels/x', '/channels/0/1', '/channels/1/2/3', '/channels/-1', '/nowhere']) {
      expect(placeFromPath(path)).toBeNull();
      expect(isPagePath(path)).toBe(false);
    }
  });

  it('names the pre-sign-in views of their addresses, and nothing else', () => {
    expect(preSignInView('/forgot-password')).toBe('forgot-password');
    expect(preSignInView('/email-verification')).toBe('email-verification');
    expect(preSignInView('/reset-password/')).toBe('reset-password');
    for (const path of [
      '/',
      '/login',
      '/reset-password/x',
      '/settings/reset-password',
      '//reset-password',
      '/Reset-Password',
    ]) {
      expect(preSignInView(path)).toBeNull();
    }
  });
});
