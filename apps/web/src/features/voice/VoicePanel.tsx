import { IconButton, useToast } from '../../ui';
import { HeadphonesIcon, HeadphonesOffIcon, MicIcon, MicOffIcon, PhoneOffIcon } from './icons';
import { useVoiceSession, useVoiceState } from './useVoice';
import styles from './Voice.module.css';

/**
 * The voice control panel (spec 2 §2), at the foot of the channel sidebar while in a voice channel:
 * its name, 'Connecting...' or 'Connected', the HD label, mute, deafen and disconnect.
 */
export function VoicePanel() {
  const session = useVoiceSession();
  const state = useVoiceState();
  const toast = useToast();
  if (state.status === 'disconnected') return null;
  const disconnect = () => session.leave().catch((err: Error) => toast.error(err.message));
  return (
    <section className={styles.panel} aria-label="Voice connection">
      <div className={styles.panelText}>
        <span className={state.status === 'connected' ? styles.connected : styles.connecting}>
          {state.status === 'connected' ? 'Connected' : 'Connecting...'}
        </span>
        <span className={styles.panelChannel}>
          <bdi>{state.channelName}</bdi> <span className={styles.hd}>HD</span>
        </span>
      </div>
      <div className={styles.panelButtons}>
        <IconButton
          size="sm"
          aria-label={state.muted ? 'Unmute' : 'Mute'}
          title={state.muted ? 'Unmute' : 'Mute'}
          aria-pressed={state.muted}
          onClick={() => session.toggleMute()}
        >
          {state.muted ? <MicOffIcon size={18} /> : <MicIcon size={18} />}
        </IconButton>
        <IconButton
          size="sm"
          aria-label={state.deafened ? 'Undeafen' : 'Deafen'}
          title={state.deafened ? 'Undeafen' : 'Deafen'}
          aria-pressed={state.deafened}
          onClick={() => session.toggleDeafen()}
        >
          {state.deafened ? <HeadphonesOffIcon size={18} /> : <HeadphonesIcon size={18} />}
        </IconButton>
        <IconButton size="sm" aria-label="Disconnect" title="Disconnect" onClick={disconnect}>
          <PhoneOffIcon size={18} />
        </IconButton>
      </div>
    </section>
  );
}
