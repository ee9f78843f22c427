import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../app/services';
import { usePreloadOnIntent } from '../../lib/intent';
import { IconButton } from '../../ui';
import { EmojiPickerPopover, preloadEmojiPicker } from './LazyEmojiPickerPopover';
import { SmileIcon } from './RefreshIcon';
import type { PickedEmoji } from './types';

export interface ComposerEmojiButtonProps {
  /** Each emoji picked (several for a Shift+click range), in order. */
  onPick(emoji: PickedEmoji): void;
  /** After the picker closed, so the composer can take focus back. */
  onClosed(): void;
  disabled?: boolean;
}

const isToggleKey = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'e';

/**
 * The composer's emoji button (spec 1 §2): opens the picker next to itself; Ctrl/Cmd+E opens it from
 * anywhere on the page (the picker's own handler closes it, and keeps the key from reaching here).
 */
export function ComposerEmojiButton({ onPick, onClosed, disabled = false }: ComposerEmojiButtonProps) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const change = (next: boolean) => {
    setOpen(next);
    if (!next) onClosed();
  };
  const closed = useRef(onClosed);
  closed.current = onClosed;
  const isOpen = useRef(open);
  isOpen.current = open;
  const qc = useQueryClient();
  const { http } = useServices();
  // Everything the picker shows is fetched once the page is idle, not only on hover: a tap on a phone
  // has no hover before it, and the picker must still open within 100 ms (spec 1 budget). The custom
  // lists are the ones the message renderer needs for :name: anyway; the standard set is a cached file.
  const preloadAll = useCallback(() => preloadEmojiPicker(qc, http), [qc, http]);
  const preload = usePreloadOnIntent(preloadAll, preloadAll);

  useEffect(() => {
    if (disabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isToggleKey(event) || event.defaultPrevented) return;
      event.preventDefault();
      // Read from the ref, not inside a state updater: React may run an updater twice.
      const was = isOpen.current;
      setOpen(!was);
      if (was) closed.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [disabled]);

  return (
    <>
      <IconButton
        ref={anchor}
        aria-label="Emoji"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+E Meta+E"
        title="Emoji (Ctrl+E)"
        disabled={disabled}
        data-state={open ? 'open' : 'closed'}
        {...preload}
        onClick={() => change(!open)}
      >
        <SmileIcon size={20} />
      </IconButton>
      <EmojiPickerPopover open={open} anchor={anchor} title="Emoji" onOpenChange={change} onPick={onPick} />
    </>
  );
}
