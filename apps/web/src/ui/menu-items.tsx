import { type ComponentType, type ReactNode } from 'react';
import { cx } from './cx';
import styles from './Menu.module.css';

/** Where a context menu was asked for: the pointer's position in the window. */
export interface ContextMenuRequest {
  x: number;
  y: number;
}

export type MenuItem =
  { label: string; icon?: ReactNode; danger?: boolean; disabled?: boolean; onSelect: () => void } | { separator: true };

/** The item parts shared by Radix's context and dropdown menus. */
export interface MenuParts {
  Item: ComponentType<{
    className?: string;
    disabled?: boolean;
    onSelect?: (event: Event) => void;
    children?: ReactNode;
  }>;
  Separator: ComponentType<{ className?: string }>;
}

export function renderMenuItems(items: readonly MenuItem[], { Item, Separator }: MenuParts): ReactNode {
  return items.map((item, index) =>
    'separator' in item ? (
      <Separator key={index} className={styles.separator} />
    ) : (
      <Item
        key={index}
        className={cx(styles.item, item.danger && styles.danger)}
        disabled={item.disabled}
        onSelect={() => item.onSelect()}
      >
        {item.icon && (
          <span className={styles.icon} aria-hidden="true">
            {item.icon}
          </span>
        )}
        {item.label}
      </Item>
    ),
  );
}
