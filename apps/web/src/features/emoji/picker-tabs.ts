import type { PickerItem } from './picker-items';

/** Spec 1 §2: the picker's tabs, each with a count. */
export const PICKER_TABS = [
  { id: 'all', label: 'All' },
  { id: 'sfw', label: 'SFW' },
  { id: 'nsfw', label: 'NSFW' },
  { id: 'own', label: 'Own' },
] as const;

export type PickerTab = (typeof PICKER_TABS)[number]['id'];

/**
 * What each tab holds: All, everything; SFW, the standard set and custom emoji not marked NSFW;
 * NSFW, custom emoji marked NSFW (standard emoji never are); Own, the viewer's own custom emoji.
 */
export function inTab(item: PickerItem, tab: PickerTab): boolean {
  switch (tab) {
    case 'all':
      return true;
    case 'sfw':
      return item.kind === 'unicode' || !item.emoji.is_nsfw;
    case 'nsfw':
      return item.kind === 'custom' && item.emoji.is_nsfw;
    case 'own':
      return item.kind === 'custom' && item.emoji.own;
  }
}

/** The count beside each tab: how many of `items` (the whole set, or what a search found) it holds. */
export function tabCounts(items: readonly PickerItem[]): Record<PickerTab, number> {
  const counts: Record<PickerTab, number> = { all: 0, sfw: 0, nsfw: 0, own: 0 };
  for (const item of items) for (const { id } of PICKER_TABS) if (inTab(item, id)) counts[id] += 1;
  return counts;
}
