import { IconButton } from '../../ui';
import { HeadphonesIcon, HeadphonesOffIcon, MicIcon, MicOffIcon } from './icons';

interface Props {
  muted: boolean;
  deafened: boolean;
  onToggleMute(): void;
  onToggleDeafen(): void;
}

/** Mute and deafen as the voice panel and the call banner show them: named by what a press does. */
export function MuteDeafenButtons({ muted, deafened, onToggleMute, onToggleDeafen }: Props) {
  return (
    <>
      <IconButton
        size="sm"
        aria-label={muted ? 'Unmute' : 'Mute'}
        title={muted ? 'Unmute' : 'Mute'}
        aria-pressed={muted}
        onClick={onToggleMute}
      >
        {muted ? <MicOffIcon size={18} /> : <MicIcon size={18} />}
      </IconButton>
      <IconButton
        size="sm"
        aria-label={deafened ? 'Undeafen' : 'Deafen'}
        title={deafened ? 'Undeafen' : 'Deafen'}
        aria-pressed={deafened}
        onClick={onToggleDeafen}
      >
        {deafened ? <HeadphonesOffIcon size={18} /> : <HeadphonesIcon size={18} />}
      </IconButton>
    </>
  );
}
