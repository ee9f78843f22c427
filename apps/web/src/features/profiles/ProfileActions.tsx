import { useState } from 'react';
import { useLocation } from 'wouter';
import type { FriendshipStatus, UserProfile } from '@hearth/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useIsApiV2 } from '../../app/api-version';
import { dmPath } from '../../app/routes';
import { ApiError } from '../../lib/http';
import { Button, Modal, useConfirm, useToast } from '../../ui';
import {
  FRIENDS_TEXT,
  isNotAcceptingRefusal,
  useFriendAction,
  useSendFriendRequest,
  type FriendAction,
} from '../friends';
import { useCallFromHere } from '../voice';
import { profileKeys, useFriendStatus } from './queries';
import styles from './Profiles.module.css';

/**
 * The quick actions of a profile by relation (spec 2 §2): add, accept or decline, cancel, remove,
 * block, unblock, send message, voice call. None for oneself or Guardian; none while the relation is
 * unknown. Voice Call only between friends (the server calls no one else) and not on API v1, which
 * has no voice.
 */
export function ProfileActions({ profile, onDone }: { profile: UserProfile; onDone?(): void }) {
  const status = useFriendStatus(profile.id, profile.role !== 'SYSTEM');
  const qc = useQueryClient();
  const toast = useToast();
  const confirm = useConfirm();
  const [, navigate] = useLocation();
  const [notAccepting, setNotAccepting] = useState(false);
  const v2 = useIsApiV2();
  const callFromHere = useCallFromHere();
  const send = useSendFriendRequest();
  const actions = {
    accept: useFriendAction('accept'),
    decline: useFriendAction('decline'),
    cancel: useFriendAction('cancel'),
    remove: useFriendAction('remove'),
    block: useFriendAction('block'),
    unblock: useFriendAction('unblock'),
  };
  if (profile.role === 'SYSTEM') return null;
  const relation: FriendshipStatus | 'unknown' | undefined = status.data;
  if (!relation || relation === 'unknown' || relation.status === 'self') return null;
  const name = profile.nickname || profile.username;
  const refresh = () => void qc.invalidateQueries({ queryKey: profileKeys.status(profile.id) });
  const run = (action: FriendAction, id: number | null) => {
    if (id === null) return;
    actions[action].mutate(id, { onSettled: refresh });
  };
  const confirmed = (action: 'remove' | 'block') =>
    confirm({
      title: action === 'remove' ? 'Remove Friend' : 'Block User',
      message:
        action === 'remove'
          ? `Remove ${name} from your friends?`
          : `Block ${name}? Any friendship or pending request between you ends.`,
      confirmLabel: action === 'remove' ? 'Remove' : 'Block',
      cancelLabel: 'Cancel',
      type: 'danger',
      onConfirm: () => run(action, profile.id),
    });
  const addFriend = () =>
    send.mutate(profile.username, {
      onSuccess: (answer) => toast.success(answer.message || FRIENDS_TEXT.requestSent),
      onError: (error) => {
        const text = error instanceof ApiError && error.message ? error.message : FRIENDS_TEXT.requestFailed;
        if (isNotAcceptingRefusal(text)) setNotAccepting(true);
        else toast.error(text);
      },
      onSettled: refresh,
    });
  const message = () => {
    onDone?.();
    navigate(dmPath(profile.id));
  };
  const call = () => {
    onDone?.();
    callFromHere(profile.id);
  };

  const buttons = (() => {
    switch (relation.status) {
      case 'friends':
        return (
          <>
            <Button size="sm" onClick={message}>
              Send Message
            </Button>
            {v2 && (
              <Button size="sm" onClick={call}>
                Voice Call
              </Button>
            )}
            <Button size="sm" variant="secondary" onClick={() => confirmed('remove')}>
              Remove Friend
            </Button>
          </>
        );
      case 'request_received':
        return (
          <>
            <Button size="sm" onClick={() => run('accept', relation.friendship_id)}>
              Accept
            </Button>
            <Button size="sm" variant="secondary" onClick={() => run('decline', relation.friendship_id)}>
              Decline
            </Button>
          </>
        );
      case 'request_sent':
        return (
          <Button size="sm" variant="secondary" onClick={() => run('cancel', relation.friendship_id)}>
            Cancel Request
          </Button>
        );
      case 'none':
        return (
          <Button size="sm" onClick={addFriend} disabled={send.isPending}>
            Add Friend
          </Button>
        );
      case 'blocked_by_you':
        return (
          <Button size="sm" variant="secondary" onClick={() => run('unblock', profile.id)}>
            Unblock
          </Button>
        );
      default:
        return null;
    }
  })();
  const canBlock = relation.status !== 'blocked_by_you' && relation.status !== 'blocked_by_them';
  return (
    <div className={styles.actions}>
      {buttons}
      {canBlock && (
        <Button size="sm" variant="danger" onClick={() => confirmed('block')}>
          Block
        </Button>
      )}
      <Modal
        open={notAccepting}
        onOpenChange={setNotAccepting}
        title={FRIENDS_TEXT.notAcceptingTitle}
        description={FRIENDS_TEXT.notAcceptingText}
        footer={<Button onClick={() => setNotAccepting(false)}>OK</Button>}
      />
    </div>
  );
}
