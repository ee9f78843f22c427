import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import type { MenuItem } from './menu-items';
import { useOpenedOnce } from '../lib/lazy-module';
import { composeHandlers } from './menu-trigger';
import { menuSurfaces, useMenuSurfaces } from './lazy-menus';

export interface DropdownMenuProps {
  /** A button (e.g. an IconButton with its own aria-label) that opens the menu on click, Enter, Space or ArrowDown. */
  trigger: ReactElement;
  items: readonly MenuItem[];
  /** Shown above the items (e.g. a profile card), set apart from them by a separator. */
  header?: ReactNode;
  /** Names the menu for assistive technology. */
  label: string;
  align?: 'start' | 'center' | 'end';
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** Controlled open state, for opening the menu from elsewhere (e.g. a key on the item it belongs to). */
  open?: boolean;
  onOpenChange?(open: boolean): void;
}

interface TriggerProps {
  ref?: Ref<HTMLButtonElement>;
  onPointerDown?(event: PointerEvent<HTMLButtonElement>): void;
  onKeyDown?(event: KeyboardEvent<HTMLButtonElement>): void;
}

/**
 * The trigger is the given button with what Radix's trigger would give it (its state, and opening
 * by pointer and keys); the menu (menu-surfaces, a chunk fetched when the page is idle) mounts
 * beside it at the first opening and stays, anchored to the button.
 */
export function DropdownMenu({
  trigger,
  items,
  header,
  label,
  align = 'end',
  side = 'bottom',
  open: openProp,
  onOpenChange,
}: DropdownMenuProps) {
  const surfaces = useMenuSurfaces();
  const [openState, setOpenState] = useState(false);
  const open = openProp ?? openState;
  const button = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  const setOpen = (next: boolean) => {
    if (next === open) return;
    if (openProp === undefined) setOpenState(next);
    onOpenChange?.(next);
  };
  const mounted = useOpenedOnce(open);
  const closeRef = useRef(setOpen);
  closeRef.current = setOpen;
  useEffect(() => {
    // Without its code the menu cannot open; the next try fetches it again.
    if (open) menuSurfaces.load().catch(() => closeRef.current(false));
  }, [open]);

  const own = trigger.props as TriggerProps;
  const ownRef = own.ref;
  const ref = useCallback(
    (node: HTMLButtonElement | null) => {
      button.current = node;
      if (typeof ownRef === 'function') ownRef(node);
      else if (ownRef) ownRef.current = node;
    },
    [ownRef],
  );
  return (
    <>
      {cloneElement(trigger, {
        type: 'button',
        'aria-haspopup': 'menu',
        'aria-expanded': open,
        'aria-controls': open ? contentId : undefined,
        'data-state': open ? 'open' : 'closed',
        ...own,
        ref,
        onPointerDown: composeHandlers(own.onPointerDown, (event) => {
          if (event.button !== 0 || event.ctrlKey) return;
          setOpen(!open);
          // Focus stays where it is, for the menu to take (Radix's trigger does the same).
          if (!open) event.preventDefault();
        }),
        onKeyDown: composeHandlers(own.onKeyDown, (event) => {
          if (event.key === 'Enter' || event.key === ' ') setOpen(!open);
          if (event.key === 'ArrowDown') setOpen(true);
          if (['Enter', ' ', 'ArrowDown'].includes(event.key)) event.preventDefault();
        }),
      } as TriggerProps)}
      {surfaces && mounted && (
        <surfaces.DropdownMenuSurface
          anchor={button}
          contentId={contentId}
          open={open}
          onOpenChange={setOpen}
          items={items}
          header={header}
          label={label}
          align={align}
          side={side}
        />
      )}
    </>
  );
}
