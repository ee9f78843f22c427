import type { ReactNode } from 'react';
import type { Category } from '@hearth/protocol';
import { ContextMenu, type MenuItem } from '../../ui';
import { ChevronIcon } from './icons';
import styles from './ChannelSidebar.module.css';

export interface CategoryGroupProps {
  category: Category;
  expanded: boolean;
  onToggle: () => void;
  menu: MenuItem[];
  /** The channel rows; while collapsed, only the open channel stays visible. */
  children: ReactNode;
}

export function CategoryGroup({ category, expanded, onToggle, menu, children }: CategoryGroupProps) {
  return (
    <section className={styles.category} aria-label={category.name}>
      <ContextMenu items={menu} label={category.name}>
        <button type="button" className={styles.categoryHeader} aria-expanded={expanded} onClick={onToggle}>
          <ChevronIcon size={12} className={styles.chevron} />
          <bdi className={styles.categoryName} title={category.name}>
            {category.name}
          </bdi>
        </button>
      </ContextMenu>
      <ul className={styles.channels}>{children}</ul>
    </section>
  );
}
