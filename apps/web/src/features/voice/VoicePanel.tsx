import { lazy, Suspense, useId, useState } from 'react';
import { IconButton, useToast } from '../../ui';
import { ChevronUpIcon, CogIcon, PhoneOffIcon } from './icons';
import { MuteDeafenButtons } from './MuteDeafenButtons';
import { useOpenVoiceSettings } from './open-voice-settings';
import { useVoiceSession, useVoiceState } from './useVoice';
import styles from './Voice.module.css';

// Fetched the first time the panel is expanded, with the settings store it writes.
const PanelQuickSettings = lazy(() => import('./PanelQuickSettings'));

/**
 * The voice control panel (spec 2 §2), at the foot of the channel sidebar while in a voice channel:
 * its name, 'Connecting...' or 'Connected', the HD label, mute, deafen, the Voice Settings tab,
 * expand and disconnect. Expanded, the panel grows to hold the quick settings.
 */
export function VoicePanel() {
  const session = useVoiceSession();
  const state = useVoiceState();
  const toast = useToast();
  const openVoiceSettings = useOpenVoiceSettings();
  const [expanded, setExpanded] = useState(false);
  const quickId = useId();
  if (state.status === 'disconnected') return null;
  const disconnect = () => session.leave().catch((err: Error) => toast.error(err.message));
  return (
    <section className={styles.panel} aria-label="Voice connection" data-expanded={expanded || undefined}>
      <div className={styles.panelRow}>
        <div className={styles.panelText}>
          <span className={state.status === 'connected' ? styles.connected : styles.connecting}>
            {state.status === 'connected' ? 'Connected' : 'Connecting...'}
          </span>
          <span className={styles.panelChannel}>
            <bdi>{state.channelName}</bdi> <span className={styles.hd}>HD</span>
          </span>
        </div>
        <IconButton size="sm" aria-label="Disconnect" title="Disconnect" onClick={disconnect}>
          <PhoneOffIcon size={18} />
        </IconButton>
      </div>
      {/* A row of their own: five buttons beside the name would leave it no room in the sidebar. */}
      <div className={styles.panelButtons}>
        <MuteDeafenButtons
          muted={state.muted}
          deafened={state.deafened}
          onToggleMute={() => session.toggleMute()}
          onToggleDeafen={() => session.toggleDeafen()}
        />
        <IconButton size="sm" aria-label="Open voice settings" title="Open voice settings" onClick={openVoiceSettings}>
          <CogIcon size={18} />
        </IconButton>
        {/* Named for what a press does; aria-expanded says the state (a disclosure button). */}
        <IconButton
          size="sm"
          className={styles.expand}
          aria-label={expanded ? 'Collapse voice panel' : 'Expand voice panel'}
          title={expanded ? 'Collapse' : 'Expand'}
          aria-expanded={expanded}
          aria-controls={expanded ? quickId : undefined}
          onClick={() => setExpanded((open) => !open)}
        >
          <ChevronUpIcon size={18} />
        </IconButton>
      </div>
      {expanded && (
        <Suspense fallback={null}>
          <PanelQuickSettings id={quickId} />
        </Suspense>
      )}
    </section>
  );
}
