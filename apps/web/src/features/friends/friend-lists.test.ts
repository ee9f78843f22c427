import { describe, expect, it } from 'vitest';
import type { PublicUser } from '@hearth/protocol';
import { user } from '../../test/factories';
import { displayName, emptyText, filterBySearch, matchesSearch, tabCounts } from './friend-lists';

const person = (id: number, username: string, nickname: string | null = null): { user: PublicUser } => ({
  user: user({ id, username, nickname }),
});

describe('friend lists', () => {
  it('names a person by nickname, else username', () => {
    expect(displayName({ username: 'alice', nickname: null })).toBe('alice');
    expect(displayName({ username: 'alice', nickname: 'Ally' })).toBe('Ally');
    expect(displayName({ username: 'alice', nickname: '' })).toBe('alice');
  });

  it('searches usernames and nicknames, in any case, the text trimmed', () => {
    const ally = { username: 'alice', nickname: 'Ally Cat' };
    expect(matchesSearch(ally, '')).toBe(true);
    expect(matchesSearch(ally, '   ')).toBe(true);
    expect(matchesSearch(ally, 'LIC')).toBe(true);
    expect(matchesSearch(ally, ' cat ')).toBe(true);
    expect(matchesSearch(ally, 'bob')).toBe(false);
    expect(matchesSearch({ username: 'bob', nickname: null }, 'ally')).toBe(false);

    const list = [person(1, 'alice', 'Ally'), person(2, 'bob'), person(3, 'carol', 'Bobby')];
    expect(filterBySearch(list, 'bob').map((e) => e.user.id)).toEqual([2, 3]);
  });

  it('counts each tab over the whole lists: pending is both directions, online follows presence', () => {
    const lists = {
      friends: [person(1, 'a'), person(2, 'b'), person(3, 'c')],
      incoming: [person(4, 'd')],
      outgoing: [person(5, 'e'), person(6, 'f')],
      blocked: [],
    };
    expect(tabCounts(lists, (id) => id === 2)).toEqual({ all: 3, online: 1, pending: 3, blocked: 0 });
    expect(tabCounts(lists, () => false).online).toBe(0);
  });

  it('says why a tab is empty: its own text, or that the search found nothing', () => {
    const none = { all: 0, online: 0, pending: 0, blocked: 0 };
    expect(emptyText('all', none)).toBe('No friends yet');
    expect(emptyText('online', none)).toBe('No friends yet');
    expect(emptyText('pending', none)).toBe('No pending requests');
    expect(emptyText('blocked', none)).toBe('No blocked users');
    expect(emptyText('online', { ...none, all: 2 })).toBe('No friends online');

    const some = { all: 2, online: 1, pending: 1, blocked: 1 };
    for (const tab of ['all', 'online', 'pending', 'blocked'] as const)
      expect(emptyText(tab, some)).toBe('No friends found');
  });
});
