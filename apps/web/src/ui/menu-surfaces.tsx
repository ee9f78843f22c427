import {
  useEffect,
  useImperativeHandle,
  useRef,
  type FocusEvent,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import * as ContextMenuPrimitive from '@radix-ui/react-context-menu';
import * as DropdownMenuPrimitive from '@radix-ui/react-dropdown-menu';
import { type ContextMenuRequest, type MenuItem, renderMenuItems } from './menu-items';
import { noteMenuOpener } from './dialog-focus';
import { usingKeyboard } from './input-modality';
import styles from './Menu.module.css';

// The menus themselves (see ContextMenu and DropdownMenu, whose triggers are in the app's first
// chunk): fetched when the page is idle, or at the first opening if that comes sooner.

/**
 * A menu opened by a key starts on its first item, one opened by a pointer on the menu itself. Radix
 * decides this from the keys its root has seen since mounting, and ours mounts at the first opening,
 * after the key that opened it: so as the menu takes focus, the first item takes it over after a key.
 */
function focusFirstAfterKey(event: FocusEvent<HTMLElement>) {
  if (event.target !== event.currentTarget || !usingKeyboard()) return;
  event.currentTarget
    .querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')
    ?.focus({ preventScroll: true });
}

/** Each item's choice first notes, for a dialog the choice opens, what to return focus to. */
const noting = (items: readonly MenuItem[], before: () => void): MenuItem[] =>
  items.map((item) =>
    'separator' in item
      ? item
      : {
          ...item,
          onSelect: () => {
            before();
            item.onSelect();
          },
        },
  );

export interface ContextMenuSurfaceProps {
  /** Where the latest opening was asked for; each new request opens the menu there. */
  request: ContextMenuRequest;
  open: boolean;
  onOpenChange(open: boolean): void;
  items: readonly MenuItem[];
  label?: string;
  /** What had focus as the menu opened. */
  opener: RefObject<HTMLElement | null>;
}

export function ContextMenuSurface({ request, open, onOpenChange, items, label, opener }: ContextMenuSurfaceProps) {
  // After a choice, focus belongs to what the choice opened (an inline editor, a dialog), not to
  // the element that was right-clicked; after Escape or an outside click it returns there as usual.
  const chose = useRef(false);
  const trigger = useRef<HTMLSpanElement>(null);
  // Radix's trigger opens its menu at a right-click's point: it gets the request as one, on a stand-in
  // element of its own, so the menu is placed, and keeps its place, exactly as Radix does.
  useEffect(() => {
    const { x, y } = request;
    trigger.current?.dispatchEvent(
      new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: x, clientY: y }),
    );
  }, [request]);
  const tracked = noting(items, () => {
    chose.current = true;
    noteMenuOpener(opener.current);
  });
  return (
    <ContextMenuPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {createPortal(
        // Its event stops here: the elements around the real one have handled the real right-click.
        <ContextMenuPrimitive.Trigger asChild onContextMenu={(event) => event.stopPropagation()}>
          <span ref={trigger} hidden />
        </ContextMenuPrimitive.Trigger>,
        document.body,
      )}
      <ContextMenuPrimitive.Portal>
        <ContextMenuPrimitive.Content
          className={styles.content}
          aria-label={label}
          collisionPadding={8}
          onFocus={focusFirstAfterKey}
          onCloseAutoFocus={(e) => {
            if (chose.current) e.preventDefault();
            chose.current = false;
          }}
        >
          {renderMenuItems(tracked, ContextMenuPrimitive)}
        </ContextMenuPrimitive.Content>
      </ContextMenuPrimitive.Portal>
    </ContextMenuPrimitive.Root>
  );
}

/**
 * Stands in for Radix's trigger: hands Radix the real button (mounted by DropdownMenu, in the first
 * chunk) as the element to place the menu by and to return focus to. Its props are the real
 * button's business.
 */
function TriggerStandIn({ target, ref }: { target: RefObject<HTMLElement | null>; ref?: Ref<HTMLElement> }) {
  // The button rendered before the menu first mounted, so it is there.
  useImperativeHandle(ref, () => target.current as HTMLElement, [target]);
  return null;
}

export interface DropdownMenuSurfaceProps {
  anchor: RefObject<HTMLElement | null>;
  /** The menu's id, which the trigger names in aria-controls. */
  contentId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  items: readonly MenuItem[];
  header?: ReactNode;
  label: string;
  align: 'start' | 'center' | 'end';
  side: 'top' | 'right' | 'bottom' | 'left';
}

export function DropdownMenuSurface({
  anchor,
  contentId,
  open,
  onOpenChange,
  items,
  header,
  label,
  align,
  side,
}: DropdownMenuSurfaceProps) {
  // A dialog opened by a choice hands focus back to the trigger when it closes.
  const tracked = noting(items, () => noteMenuOpener(anchor.current));
  return (
    <DropdownMenuPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenuPrimitive.Trigger asChild>
        <TriggerStandIn target={anchor} />
      </DropdownMenuPrimitive.Trigger>
      <DropdownMenuPrimitive.Portal>
        <DropdownMenuPrimitive.Content
          id={contentId}
          className={styles.content}
          aria-label={label}
          // Radix names the menu after its trigger; the explicit label should win.
          aria-labelledby={undefined}
          align={align}
          side={side}
          sideOffset={4}
          collisionPadding={8}
          onFocus={focusFirstAfterKey}
        >
          {header && (
            <>
              {header}
              <DropdownMenuPrimitive.Separator className={styles.separator} />
            </>
          )}
          {renderMenuItems(tracked, DropdownMenuPrimitive)}
        </DropdownMenuPrimitive.Content>
      </DropdownMenuPrimitive.Portal>
    </DropdownMenuPrimitive.Root>
  );
}
