import { type ReactElement, useRef } from 'react';
import * as ContextMenuPrimitive from '@radix-ui/react-context-menu';
import { type MenuItem, renderMenuItems } from './menu-items';
import { focusedWithin, noteMenuOpener } from './dialog-focus';
import styles from './Menu.module.css';

export interface ContextMenuProps {
  items: readonly MenuItem[];
  /** Names the menu for assistive technology, e.g. "Message actions". */
  label?: string;
  /** One element that receives the right-click (or long press on touch). */
  children: ReactElement;
}

/** Opens at the pointer, stays inside the window, closes on a choice, outside click or Escape. */
export function ContextMenu({ items, label, children }: ContextMenuProps) {
  // After a choice, focus belongs to what the choice opened (an inline editor, a dialog), not to
  // the element that was right-clicked; after Escape or an outside click it returns there as usual.
  const chose = useRef(false);
  const trigger = useRef<HTMLElement>(null);
  // What had focus when the menu opened (the right-clicked button), for a dialog the choice opens.
  const opener = useRef<HTMLElement | null>(null);
  const tracked = items.map((item) =>
    'separator' in item
      ? item
      : {
          ...item,
          onSelect: () => {
            chose.current = true;
            noteMenuOpener(opener.current);
            item.onSelect();
          },
        },
  );
  return (
    <ContextMenuPrimitive.Root
      onOpenChange={(open) => {
        if (open) opener.current = focusedWithin(trigger.current);
      }}
    >
      {/* With nothing to offer, the browser's own menu shows instead. */}
      <ContextMenuPrimitive.Trigger ref={trigger} asChild disabled={items.length === 0}>
        {children}
      </ContextMenuPrimitive.Trigger>
      <ContextMenuPrimitive.Portal>
        <ContextMenuPrimitive.Content
          className={styles.content}
          aria-label={label}
          collisionPadding={8}
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
