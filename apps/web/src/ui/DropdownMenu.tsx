import { type ReactElement, type ReactNode, useRef } from 'react';
import * as DropdownMenuPrimitive from '@radix-ui/react-dropdown-menu';
import { type MenuItem, renderMenuItems } from './menu-items';
import { noteMenuOpener } from './dialog-focus';
import styles from './Menu.module.css';

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

export function DropdownMenu({
  trigger,
  items,
  header,
  label,
  align = 'end',
  side = 'bottom',
  open,
  onOpenChange,
}: DropdownMenuProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  // A dialog opened by a choice hands focus back to the trigger when it closes.
  const tracked = items.map((item) =>
    'separator' in item
      ? item
      : {
          ...item,
          onSelect: () => {
            noteMenuOpener(triggerRef.current);
            item.onSelect();
          },
        },
  );
  return (
    <DropdownMenuPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenuPrimitive.Trigger ref={triggerRef} asChild>
        {trigger}
      </DropdownMenuPrimitive.Trigger>
      <DropdownMenuPrimitive.Portal>
        <DropdownMenuPrimitive.Content
          className={styles.content}
          aria-label={label}
          // Radix names the menu after its trigger; the explicit label should win.
          aria-labelledby={undefined}
          align={align}
          side={side}
          sideOffset={4}
          collisionPadding={8}
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
