import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { dmPath, dmUserFromPath } from '../../app/routes';
import { Avatar, Button, IconButton } from '../../ui';
import { HeadphonesIcon, HeadphonesOffIcon, MicIcon, MicOffIcon, PhoneOffIcon } from './icons';
import type { CallState } from './call-session';
import { useCallTimer } from './call-timer';
import { useCallSession, useCallState } from './useCall';
import styles from './Call.module.css';

function statusText(state: CallState, timer: string): string {
  switch (state.phase) {
    case 'incoming':
      return 'Incoming call...';
    case 'outgoing':
      return 'Calling...';
    case 'connecting':
      return 'Connecting...';
    case 'connected':
      return timer;
    default:
      return 'Call ended';
  }
}

/** Spec 2 §4: the call box hides 500 ms after the call is answered. */
const HIDE_AFTER_ANSWER_MS = 500;

/**
 * Spec 2 §4: once answered, the page goes to the DM with the other person (where the call banner
 * is) and the box hides 500 ms later. It is hidden only while that DM is open: elsewhere the box is
 * the only way to mute or end the call, so it comes back.
 */
function useAnsweredElsewhere(state: CallState): boolean {
  const [location, navigate] = useLocation();
  const live = state.phase === 'connecting' || state.phase === 'connected';
  const otherId = state.otherId;
  const [answered, setAnswered] = useState(false);
  // Read through a ref: the effect runs once per answered call, never again on a later navigation.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => {
    if (!live || otherId === null) {
      setAnswered(false);
      return;
    }
    navigateRef.current(dmPath(otherId));
    const timer = setTimeout(() => setAnswered(true), HIDE_AFTER_ANSWER_MS);
    return () => clearTimeout(timer);
  }, [live, otherId]);
  return !(answered && otherId !== null && dmUserFromPath(location) === otherId);
}

/**
 * The DM call box (spec 2 §2 DM call modal): the other person's name and picture, the status
 * ('Incoming call...', 'Calling...', mm:ss, 'Call ended'), answer and decline while it rings, mute,
 * deafen and end. Not modal: the chat stays usable during a call, as in Discord.
 */
export function CallModal() {
  const session = useCallSession();
  const state = useCallState();
  const timer = useCallTimer(state.connectedAt);
  const shown = useAnsweredElsewhere(state);
  if (state.phase === 'idle' || !state.call || !shown) return null;
  const { call } = state;
  const other = call.caller.user_id === state.otherId ? call.caller : call.recipient;
  const name = other.nickname || other.username || 'Unknown User';
  const live = state.phase === 'connecting' || state.phase === 'connected';
  return (
    <section className={styles.box} role="dialog" aria-label="Voice call" aria-live="polite">
      {/* Their picture, else the initials (spec 2 §2); the name follows as text. */}
      <span className={styles.avatar} aria-hidden="true">
        <Avatar name={name} src={other.profile_image_url} size={40} />
      </span>
      <div className={styles.text}>
        <bdi className={styles.name}>{name}</bdi>
        <span className={styles.status}>{statusText(state, timer)}</span>
        {live && (state.remoteMuted || state.remoteDeafened) && (
          <span className={styles.remote}>{state.remoteDeafened ? 'Deafened' : 'Muted'}</span>
        )}
      </div>
      <div className={styles.buttons}>
        {state.phase === 'incoming' && (
          <>
            <Button variant="primary" size="sm" onClick={() => void session.answer()}>
              Answer
            </Button>
            <Button variant="danger" size="sm" onClick={() => void session.decline()}>
              Decline
            </Button>
          </>
        )}
        {live && (
          <>
            <IconButton size="sm" aria-label={state.muted ? 'Unmute' : 'Mute'} onClick={() => session.toggleMute()}>
              {state.muted ? <MicOffIcon size={18} /> : <MicIcon size={18} />}
            </IconButton>
            <IconButton
              size="sm"
              aria-label={state.deafened ? 'Undeafen' : 'Deafen'}
              onClick={() => session.toggleDeafen()}
            >
              {state.deafened ? <HeadphonesOffIcon size={18} /> : <HeadphonesIcon size={18} />}
            </IconButton>
          </>
        )}
        {(live || state.phase === 'outgoing') && (
          <IconButton size="sm" aria-label="End call" onClick={() => void session.end()}>
            <PhoneOffIcon size={18} />
          </IconButton>
        )}
      </div>
    </section>
  );
}
