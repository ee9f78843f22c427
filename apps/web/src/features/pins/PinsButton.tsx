import { useRef, useState } from 'react';
import { PIN_TEXT } from '@hearth/protocol/pin-rules';
import { lazyComponent, lazyModule, useOpenedOnce } from '../../lib/lazy-module';
import { usePreloadOnIntent } from '../../lib/intent';
import { IconButton } from '../../ui';
import { PinIcon } from './icons';
import type { PinPlace } from './pin-place';

// The panel, its styles and its queries are a chunk of their own, fetched when the page is idle.
const panelCode = lazyModule(() => import('./PinsPanel').then((m) => m.PinsPanel));
const PinsPanel = lazyComponent(panelCode);
const loadPanel = () => void panelCode.load().catch(() => undefined);

/** The conversation header's 'Pinned messages' button, which opens the place's pins panel. */
export function PinsButton({ place }: { place: PinPlace }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const opened = useOpenedOnce(open);
  const preload = usePreloadOnIntent(loadPanel, loadPanel);
  return (
    <>
      <IconButton
        ref={button}
        aria-label={PIN_TEXT.panelTitle}
        title={PIN_TEXT.panelTitle}
        aria-haspopup="dialog"
        aria-expanded={open}
        {...preload}
        onClick={() => setOpen((o) => !o)}
      >
        <PinIcon size={20} />
      </IconButton>
      {opened && <PinsPanel open={open} onOpenChange={setOpen} anchor={button} place={place} />}
    </>
  );
}
