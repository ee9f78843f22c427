import type { FriendRequest, PublicUser } from '@hearth/protocol';
import { useIsApiV2 } from '../../app/api-version';
import { Button, useConfirm } from '../../ui';
import { useCallFromHere } from '../voice';
import { displayName } from './friend-lists';
import { useFriendAction } from './queries';

// Every button is named with the person too ('Accept alice'), so a list of rows reads unambiguously;
// the visible word comes first, as WCAG's label-in-name asks.

/**
 * A friend's row: Message, Call (spec 2 §2; voice, so not on API v1), Remove and Block (both
 * confirmed first).
 */
export function FriendActions({ user, onMessage }: { user: PublicUser; onMessage(user: PublicUser): void }) {
  const confirm = useConfirm();
  const v2 = useIsApiV2();
  const call = useCallFromHere();
  const remove = useFriendAction('remove');
  const block = useFriendAction('block');
  const name = displayName(user);
  const busy = remove.isPending || block.isPending;
  const askRemove = () =>
    void confirm({
      title: 'Remove Friend',
      message: `Are you sure you want to remove ${name} from your friends?`,
      confirmLabel: 'Remove',
      type: 'danger',
      onConfirm: async () => void (await remove.mutateAsync(user.id)),
    });
  const askBlock = () =>
    void confirm({
      title: 'Block User',
      message: `Are you sure you want to block ${name}? They will no longer be your friend and cannot send you friend requests.`,
      confirmLabel: 'Block',
      type: 'danger',
      onConfirm: async () => void (await block.mutateAsync(user.id)),
    });
  return (
    <>
      <Button size="sm" onClick={() => onMessage(user)} aria-label={`Message ${name}`}>
        Message
      </Button>
      {v2 && (
        <Button size="sm" variant="secondary" onClick={() => call(user.id)} aria-label={`Call ${name}`}>
          Call
        </Button>
      )}
      <Button size="sm" variant="secondary" onClick={askRemove} disabled={busy} aria-label={`Remove ${name}`}>
        Remove
      </Button>
      <Button size="sm" variant="danger" onClick={askBlock} disabled={busy} aria-label={`Block ${name}`}>
        Block
      </Button>
    </>
  );
}

/** A request to the user: Accept or Decline. */
export function IncomingActions({ request }: { request: FriendRequest }) {
  const accept = useFriendAction('accept');
  const decline = useFriendAction('decline');
  const name = displayName(request.user);
  const busy = accept.isPending || decline.isPending;
  return (
    <>
      <Button
        size="sm"
        onClick={() => accept.mutate(request.friendship_id)}
        disabled={busy}
        aria-label={`Accept ${name}`}
      >
        Accept
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => decline.mutate(request.friendship_id)}
        disabled={busy}
        aria-label={`Decline ${name}`}
      >
        Decline
      </Button>
    </>
  );
}

/** A request the user sent: Cancel. */
export function OutgoingActions({ request }: { request: FriendRequest }) {
  const cancel = useFriendAction('cancel');
  return (
    <Button
      size="sm"
      variant="secondary"
      onClick={() => cancel.mutate(request.friendship_id)}
      disabled={cancel.isPending}
      aria-label={`Cancel request to ${displayName(request.user)}`}
    >
      Cancel
    </Button>
  );
}

/** A blocked user: Unblock. */
export function BlockedActions({ user }: { user: PublicUser }) {
  const unblock = useFriendAction('unblock');
  return (
    <Button
      size="sm"
      variant="secondary"
      onClick={() => unblock.mutate(user.id)}
      disabled={unblock.isPending}
      aria-label={`Unblock ${displayName(user)}`}
    >
      Unblock
    </Button>
  );
}
