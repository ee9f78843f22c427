import type { Category, Channel } from '@hearth/protocol';

export interface CategoryWithChannels {
  category: Category;
  channels: Channel[];
}

export interface SidebarLayout {
  ungrouped: Channel[];
  sections: CategoryWithChannels[];
}

const byPosition = (a: { position: number; id: number }, b: { position: number; id: number }) =>
  a.position - b.position || a.id - b.id;

/** A group's channels as the sidebar lists them: ungrouped first, then each category with its own. */
export function sidebarLayout(
  channels: readonly Channel[],
  categories: readonly Category[],
  groupId: number,
): SidebarLayout {
  const inGroup = channels.filter((c) => c.group_id === groupId).sort(byPosition);
  const own = categories.filter((c) => c.group_id === groupId).sort(byPosition);
  const known = new Set(own.map((c) => c.id));
  return {
    // A channel whose category is unknown (not loaded yet, or just deleted) still shows.
    ungrouped: inGroup.filter((c) => c.category_id === null || !known.has(c.category_id)),
    sections: own.map((category) => ({ category, channels: inGroup.filter((c) => c.category_id === category.id) })),
  };
}

/** The channel a group opens on: its first text channel by name (spec 2 §4). */
export function firstTextChannel(channels: readonly Channel[], groupId: number): Channel | null {
  const text = channels.filter((c) => c.group_id === groupId && c.channel_type === 'text');
  text.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return text[0] ?? null;
}
