import type { Category, Channel, Group } from '@hearth/protocol';

export interface GroupRow {
  id: number;
  name: string;
  icon: string | null;
  created_at: Date;
}
export interface CategoryRow {
  id: number;
  name: string;
  group_id: number;
  position: number;
  created_at: Date;
}
export interface ChannelRow {
  id: number;
  name: string;
  description: string | null;
  channel_type: 'text' | 'voice';
  group_id: number;
  category_id: number | null;
  max_participants: number;
  bitrate: number;
  position: number;
  created_at: Date;
}

export const toGroup = (r: GroupRow): Group => ({ ...r, created_at: r.created_at.toISOString() });
export const toCategory = (r: CategoryRow): Category => ({ ...r, created_at: r.created_at.toISOString() });
export const toChannel = (r: ChannelRow): Channel => ({ ...r, created_at: r.created_at.toISOString() });
