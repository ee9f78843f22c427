import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { GifResult } from '@hearth/protocol';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session';
import { usePreloadOnIntent } from '../../lib/intent';
import { IconButton, useToast } from '../../ui';
import { GifIcon } from './icons';
import { GifPickerPopover, preloadGifPicker, preloadGifPickerCode } from './LazyGifPickerPopover';
import { absoluteGifUrl } from './gif-address';

// Here rather than in texts.ts: this button is in the first script, the rest of the GIF texts are not.
const MUST_BE_LOGGED_IN = 'You must be logged in to send GIFs';
/* Not in the spec: a GIF picked while the live connection is down. */
const NOT_SENT = 'Not connected: the GIF was not sent. Try again when the connection is back.';

export interface GifButtonProps {
  /** Sends a message with this text the way typed messages go; false when it could not be sent. */
  send(content: string): boolean;
  disabled?: boolean;
}

/**
 * The composer's GIF button (spec 1 §2): opens the picker; a click on a GIF sends its address as a
 * message at once and closes the picker. Not sent (the connection is down): the picker stays open.
 */
export function GifButton({ send, disabled }: GifButtonProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const signedIn = useSession() !== null;
  const toast = useToast();
  const qc = useQueryClient();
  const { http } = useServices();
  const preload = usePreloadOnIntent(preloadGifPickerCode, () => preloadGifPicker(qc, http));

  const pick = (gif: GifResult) => {
    if (!signedIn) {
      toast.error(MUST_BE_LOGGED_IN);
      return;
    }
    if (send(absoluteGifUrl(gif.url))) setOpen(false);
    else toast.error(NOT_SENT);
  };

  return (
    <>
      <IconButton
        ref={button}
        aria-label="Open GIF picker"
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={disabled}
        {...preload}
        onClick={() => setOpen((o) => !o)}
      >
        <GifIcon size={20} />
      </IconButton>
      <GifPickerPopover open={open} onOpenChange={setOpen} anchor={button} onPick={pick} />
    </>
  );
}
