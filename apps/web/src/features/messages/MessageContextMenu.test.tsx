import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_REMOVED_BY_ADMIN } from '@hearth/protocol';
import type { MenuItem } from '../../ui';
import { messageMenuItems, type MessageMenuActions } from './MessageContextMenu';
import { makeMessage } from './test-messages';
import type { Viewer } from './message-permissions';

const author: Viewer = { id: 7, role: 'USER', is_admin: false };
const other: Viewer = { id: 8, role: 'USER', is_admin: false };
const admin: Viewer = { id: 9, role: 'ADMIN', is_admin: false };

function actions(): MessageMenuActions {
  return {
    edit: vi.fn(),
    delete: vi.fn(),
    copy: vi.fn(),
    addReaction: vi.fn(),
    markUnread: vi.fn(),
    viewProfile: vi.fn(),
  };
}

const labels = (items: MenuItem[]) => items.map((item) => ('label' in item ? item.label : '—'));
function select(items: MenuItem[], label: string) {
  const item = items.find((entry) => 'label' in entry && entry.label === label);
  if (!item || !('label' in item)) throw new Error(`no ${label}`);
  item.onSelect();
}

describe('messageMenuItems', () => {
  it("gives the author every entry in the spec's order", () => {
    const items = messageMenuItems(makeMessage(41), author, { canReact: true, editing: false }, actions());
    expect(labels(items)).toEqual([
      'Edit',
      'Delete',
      'Copy Text',
      'Copy Message ID',
      'Add Reaction',
      'Mark Unread',
      'View Profile',
    ]);
  });

  it('in a direct message: no Mark Unread, and an admin cannot delete the other person’s message', () => {
    const dm = { ...makeMessage(41), channel_id: -12345 };
    expect(labels(messageMenuItems(dm, admin, { canReact: true, editing: false }, actions()))).toEqual([
      'Copy Text',
      'Copy Message ID',
      'Add Reaction',
      'View Profile',
    ]);
  });

  it("lets an admin delete someone else's message but not edit it; others get neither", () => {
    const message = makeMessage(41);
    expect(labels(messageMenuItems(message, admin, { canReact: true, editing: false }, actions()))).toEqual([
      'Delete',
      'Copy Text',
      'Copy Message ID',
      'Add Reaction',
      'Mark Unread',
      'View Profile',
    ]);
    expect(labels(messageMenuItems(message, other, { canReact: false, editing: false }, actions()))).toEqual([
      'Copy Text',
      'Copy Message ID',
      'Mark Unread',
      'View Profile',
    ]);
  });

  it('copies the text and the id, and runs the other entries', () => {
    const run = actions();
    const items = messageMenuItems(
      makeMessage(41, { content: 'hi **there**' }),
      author,
      { canReact: true, editing: false },
      run,
    );
    select(items, 'Copy Text');
    select(items, 'Copy Message ID');
    expect(run.copy).toHaveBeenNthCalledWith(1, 'hi **there**', 'Text');
    expect(run.copy).toHaveBeenNthCalledWith(2, '41', 'Message ID');
    select(items, 'Edit');
    select(items, 'Delete');
    select(items, 'Add Reaction');
    select(items, 'Mark Unread');
    for (const fn of [run.edit, run.delete, run.addReaction, run.markUnread]) expect(fn).toHaveBeenCalledOnce();
  });

  it('has no Copy Text for a message without text', () => {
    const items = messageMenuItems(
      makeMessage(41, { content: '' }),
      other,
      { canReact: true, editing: false },
      actions(),
    );
    expect(labels(items)).toEqual(['Copy Message ID', 'Add Reaction', 'Mark Unread', 'View Profile']);
  });

  it('offers Pin Message after Reply to whoever may pin, and Unpin Message once it is pinned', () => {
    const run = { ...actions(), reply: vi.fn(), togglePin: vi.fn() };
    const state = { canReact: true, editing: false, canReply: true, canPin: true };
    const items = messageMenuItems(makeMessage(41), admin, state, run);
    expect(labels(items).slice(0, 3)).toEqual(['Reply', 'Pin Message', 'Delete']);
    select(items, 'Pin Message');
    expect(run.togglePin).toHaveBeenCalledOnce();
    const pinned = messageMenuItems(makeMessage(41, { pinned: true }), admin, state, run);
    expect(labels(pinned)).toContain('Unpin Message');
    expect(labels(messageMenuItems(makeMessage(41), other, { ...state, canPin: false }, run))).not.toContain(
      'Pin Message',
    );
  });

  it('gives a system line no Edit, even to its author', () => {
    const line = makeMessage(41, { message_type: 'system', user_id: author.id });
    expect(labels(messageMenuItems(line, author, { canReact: false, editing: false }, actions()))).toEqual([
      'Delete',
      'Copy Text',
      'Copy Message ID',
      'Mark Unread',
      'View Profile',
    ]);
  });

  it('offers nothing while the message is edited', () => {
    expect(messageMenuItems(makeMessage(41), author, { canReact: true, editing: true }, actions())).toEqual([]);
  });

  it('keeps Copy Message ID, Mark Unread and View Profile on a message an admin removed, for its author and an admin', () => {
    const removed = makeMessage(41, { user_id: author.id, content: MESSAGE_REMOVED_BY_ADMIN });
    for (const viewer of [admin, author]) {
      const items = messageMenuItems(removed, viewer, { canReact: true, editing: false }, actions());
      expect(labels(items)).toEqual(['Copy Message ID', 'Mark Unread', 'View Profile']);
    }
    const copying = actions();
    select(messageMenuItems(removed, other, { canReact: true, editing: false }, copying), 'Copy Message ID');
    expect(copying.copy).toHaveBeenCalledWith('41', 'Message ID');
  });
});
