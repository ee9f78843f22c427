import { useState } from 'react';
import type { Category, Channel } from '@hearth/protocol';
import { BackIcon, ContextMenu, IconButton } from '../../ui';
import { isAdminRole, useSession } from '../../app/session';
import { useNavigation } from '../../app/navigation';
import { useIsNarrow } from '../../app/useIsNarrow';
import { useOffline } from '../../app/useOffline';
import { useCategories, useChannels, useGroups } from './queries';
import { sidebarLayout } from './channel-layout';
import { useSidebarMenus } from './useSidebarMenus';
import { ChannelRow } from './ChannelRow';
import { CategoryGroup } from './CategoryGroup';
import { PlusIcon } from './icons';
import { EditChannelDialog } from './EditChannelDialog';
import { CategoryDialog, type CategoryDialogMode } from './CategoryDialog';
import { CreateModal, type CreateRequest } from './create/CreateModal';
import { VoicePanel } from '../voice';
import { useIsApiV2 } from '../../app/api-version';
import styles from './ChannelSidebar.module.css';

export const OFFLINE_GROUP_TEXT = "You're offline. This group's channels will show when your connection is back.";

/** The selected group's channels (spec 2 §2): ungrouped first, then collapsible categories. */
export function ChannelSidebar() {
  const nav = useNavigation();
  const narrow = useIsNarrow();
  const admin = isAdminRole(useSession()?.user.role);
  const groups = useGroups();
  const group = groups.data?.find((g) => g.id === nav.groupId) ?? null;
  const offline = useOffline();
  const [editing, setEditing] = useState<Channel | null>(null);
  const [categoryDialog, setCategoryDialog] = useState<CategoryDialogMode | null>(null);
  const [create, setCreate] = useState<CreateRequest | null>(null);
  const createChannel = () => setCreate({ kind: 'channel', groupId: nav.groupId });
  const menus = useSidebarMenus({
    editChannel: setEditing,
    createChannel,
    createCategory: () => setCategoryDialog({ kind: 'create', groupId: nav.groupId }),
    renameCategory: (category: Category) => setCategoryDialog({ kind: 'rename', category }),
  });

  return (
    <nav className={styles.sidebar} aria-label="Channels">
      <header className={styles.header}>
        {narrow && !nav.railOpen && (
          <button
            type="button"
            className={styles.back}
            aria-label="Back to groups"
            onClick={() => nav.setRailOpen(true)}
          >
            <BackIcon size={20} />
          </button>
        )}
        <h2 className={styles.title} title={group?.name}>
          {group ? <bdi>{group.name}</bdi> : 'Channels'}
        </h2>
      </header>
      {group ? (
        <ContextMenu items={menus.areaItems()} label="Channel list">
          <div className={styles.body}>
            <ChannelTree groupId={group.id} menus={menus} onCreateChannel={admin ? createChannel : undefined} />
          </div>
        </ContextMenu>
      ) : (
        <p className={styles.hint}>
          {/* A group chosen but not known (nothing saved from before going offline) waits for the network. */}
          {offline && nav.groupId !== null ? OFFLINE_GROUP_TEXT : 'Select a group to see its channels.'}
        </p>
      )}
      {editing && <EditChannelDialog channel={editing} onClose={() => setEditing(null)} />}
      {categoryDialog && <CategoryDialog mode={categoryDialog} onClose={() => setCategoryDialog(null)} />}
      <CreateModal request={create} onClose={() => setCreate(null)} />
      <VoicePanel />
    </nav>
  );
}

interface ChannelTreeProps {
  groupId: number;
  menus: ReturnType<typeof useSidebarMenus>;
  /** Admins only: the visible way to add a channel (the right-click menus are easy to miss). */
  onCreateChannel?: () => void;
}

function ChannelTree({ groupId, menus, onCreateChannel }: ChannelTreeProps) {
  const nav = useNavigation();
  const channels = useChannels();
  const categories = useCategories(groupId);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const v2 = useIsApiV2();

  if (channels.isLoading || categories.isLoading) return <p className={styles.hint}>Loading...</p>;
  // API v1 (a compatibility mode of the client) has no voice: its channels are not listed.
  const listed = v2 ? (channels.data ?? []) : (channels.data ?? []).filter((c) => c.channel_type !== 'voice');
  const layout = sidebarLayout(listed, categories.data ?? [], groupId);
  const empty = layout.ungrouped.length === 0 && layout.sections.every((s) => s.channels.length === 0);
  // Channels in no category are listed under two headings by type, as Discord does; categories mix them.
  const ungroupedText = layout.ungrouped.filter((c) => c.channel_type !== 'voice');
  const ungroupedVoice = layout.ungrouped.filter((c) => c.channel_type === 'voice');

  const toggle = (id: number) =>
    setCollapsed((set) => {
      const next = new Set(set);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const row = (channel: Channel) => (
    <ChannelRow
      key={channel.id}
      channel={channel}
      selected={nav.channelId === channel.id}
      menu={menus.channelItems(channel)}
      onSelect={(c) => nav.selectChannel(c.id, c.group_id)}
    />
  );

  return (
    <>
      <div className={styles.sectionHeader}>
        <h3 className={styles.section}>Text Channels</h3>
        {onCreateChannel && (
          <IconButton
            size="sm"
            className={styles.sectionAction}
            aria-label="Create Channel"
            title="Create Channel"
            onClick={onCreateChannel}
          >
            <PlusIcon size={16} />
          </IconButton>
        )}
      </div>
      {empty && <p className={styles.hint}>No channels</p>}
      <ul className={styles.channels}>{ungroupedText.map(row)}</ul>
      {ungroupedVoice.length > 0 && (
        <>
          <div className={styles.sectionHeader}>
            <h3 className={styles.section}>Voice Channels</h3>
          </div>
          <ul className={styles.channels}>{ungroupedVoice.map(row)}</ul>
        </>
      )}
      {layout.sections.map(({ category, channels: inCategory }) => {
        const expanded = !collapsed.has(category.id);
        return (
          <CategoryGroup
            key={category.id}
            category={category}
            expanded={expanded}
            onToggle={() => toggle(category.id)}
            menu={menus.categoryItems(category)}
          >
            {(expanded ? inCategory : inCategory.filter((c) => c.id === nav.channelId)).map(row)}
          </CategoryGroup>
        );
      })}
    </>
  );
}
