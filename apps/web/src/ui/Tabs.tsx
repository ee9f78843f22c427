import { type ReactNode } from 'react';
import * as TabsPrimitive from '@radix-ui/react-tabs';
import { cx } from './cx';
import styles from './Tabs.module.css';

export interface TabDef {
  value: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  tabs: readonly TabDef[];
  /** Names the tab list, e.g. "Settings sections". */
  label: string;
  /** Controlled use: pass value with onValueChange; otherwise defaultValue (or the first tab) starts selected. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Vertical puts the list beside the panels (arrow keys follow the orientation). */
  orientation?: 'horizontal' | 'vertical';
  className?: string;
}

/**
 * A data-driven wrapper over Radix Tabs (arrow keys move between tabs, Home/End jump). For layouts
 * this does not fit, use the Radix compound parts directly and style them with Tabs.module.css.
 */
export function Tabs({
  tabs,
  label,
  value,
  defaultValue,
  onValueChange,
  orientation = 'horizontal',
  className,
}: TabsProps) {
  return (
    <TabsPrimitive.Root
      className={cx(styles.root, className)}
      value={value}
      defaultValue={defaultValue ?? (value === undefined ? tabs[0]?.value : undefined)}
      onValueChange={onValueChange}
      orientation={orientation}
    >
      <TabsPrimitive.List className={styles.list} aria-label={label}>
        {tabs.map((tab) => (
          <TabsPrimitive.Trigger key={tab.value} value={tab.value} className={styles.tab} disabled={tab.disabled}>
            {tab.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {tabs.map((tab) => (
        <TabsPrimitive.Content key={tab.value} value={tab.value} className={styles.panel}>
          {tab.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
