import { useRef, useState } from 'react';
import type { DmCall } from '@hearth/protocol';
import { Avatar, IconButton } from '../../ui';
import { bannerStatus } from './call-banner-status';
import { useCallTimer } from './call-timer';
import { CallQuickSettings } from './CallQuickSettings';
import { CogIcon, HeadphonesOffIcon, MicOffIcon, PhoneOffIcon, SlidersIcon } from './icons';
import { MuteDeafenButtons } from './MuteDeafenButtons';
import { useOpenVoiceSettings } from './open-voice-settings';
import { useCallSession, useCallState } from './useCall';
import styles from './CallBanner.module.css';

type Party = DmCall['caller'];

const nameOf = (p: Party) => p.nickname || p.username;

/** One side of the call: the avatar, and a mark when muted or deafened (deafened means muted too). */
function Person({ party, you, muted, deafened }: { party: Party; you: boolean; muted: boolean; deafened: boolean }) {
  const name = nameOf(party);
  return (
    <div className={styles.person} role="group" aria-label={you ? `${name} (you)` : name} title={name}>
      <Avatar name={name} src={party.profile_image_url} size={40} />
      {(muted || deafened) && (
        <span className={styles.mark}>
          {deafened ? (
            <HeadphonesOffIcon size={12} role="img" aria-hidden={false} aria-label="Deafened" />
          ) : (
            <MicOffIcon size={12} role="img" aria-hidden={false} aria-label="Muted" />
          )}
        </span>
      )}
    </div>
  );
}

/**
 * The DM call banner (spec 2 §2 "Call banner"), a lazy chunk shown by CallBanner while a call with
 * the chat's partner is in progress: both avatars with their marks, the status pill, mute, deafen,
 * the Voice Settings tab, the quick settings and end. Ringing on one's own side, End declines.
 */
export default function CallBannerView() {
  const session = useCallSession();
  const state = useCallState();
  const duration = useCallTimer(state.connectedAt);
  const openVoiceSettings = useOpenVoiceSettings();
  const [quickOpen, setQuickOpen] = useState(false);
  const quickButton = useRef<HTMLButtonElement>(null);
  const { call } = state;
  if (!call) return null;
  const partnerIsCaller = call.caller.user_id === state.otherId;
  const partner = partnerIsCaller ? call.caller : call.recipient;
  const me = partnerIsCaller ? call.recipient : call.caller;
  const status = bannerStatus(state, duration);
  const end = () => void (state.phase === 'incoming' ? session.decline() : session.end());
  return (
    <section className={styles.banner} aria-label={`Call with ${nameOf(partner)}`}>
      <div className={styles.people}>
        <Person party={me} you muted={state.muted} deafened={state.deafened} />
        <Person party={partner} you={false} muted={state.remoteMuted} deafened={state.remoteDeafened} />
      </div>
      <span className={styles.pill} data-tone={status.tone}>
        {status.label}
      </span>
      <div className={styles.buttons}>
        <MuteDeafenButtons
          muted={state.muted}
          deafened={state.deafened}
          onToggleMute={() => session.toggleMute()}
          onToggleDeafen={() => session.toggleDeafen()}
        />
        <IconButton size="sm" aria-label="Voice Settings" title="Voice Settings" onClick={openVoiceSettings}>
          <CogIcon size={18} />
        </IconButton>
        <IconButton
          ref={quickButton}
          size="sm"
          aria-label="Quick Settings"
          title="Quick Settings"
          aria-haspopup="dialog"
          aria-expanded={quickOpen}
          onClick={() => setQuickOpen((open) => !open)}
        >
          <SlidersIcon size={18} />
        </IconButton>
        <IconButton
          size="sm"
          variant="danger"
          aria-label="End Call"
          title="End Call"
          disabled={state.ending}
          onClick={end}
        >
          <PhoneOffIcon size={18} />
        </IconButton>
      </div>
      <CallQuickSettings open={quickOpen} onOpenChange={setQuickOpen} anchor={quickButton} />
    </section>
  );
}
