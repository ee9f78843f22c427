import { useEffect, useState } from 'react';
import { Button, IconButton } from '../../ui';
import { HeadphonesIcon, HeadphonesOffIcon, MicIcon, MicOffIcon, PhoneOffIcon } from './icons';
import type { CallState } from './call-session';
import { useCallSession, useCallState } from './useCall';
import styles from './Call.module.css';

const mmss = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/** Spec 2 §4: the call timer ticks every second while connected. */
function useTimer(since: number | null): string {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (since === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? '00:00' : mmss(now - since);
}

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

/**
 * The DM call box (spec 2 §2 DM call modal): the other person's name and initial, the status
 * ('Incoming call...', 'Calling...', mm:ss, 'Call ended'), answer and decline while it rings, mute,
 * deafen and end. Not modal: the chat stays usable during a call, as in Discord.
 */
export function CallModal() {
  const session = useCallSession();
  const state = useCallState();
  const timer = useTimer(state.connectedAt);
  if (state.phase === 'idle' || !state.call) return null;
  const { call } = state;
  const other = call.caller.user_id === state.otherId ? call.caller : call.recipient;
  const name = other.nickname || other.username || 'Unknown User';
  const live = state.phase === 'connecting' || state.phase === 'connected';
  return (
    <section className={styles.box} role="dialog" aria-label="Voice call" aria-live="polite">
      <span className={styles.avatar} aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
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
