import type { Category, Channel } from '@hearth/protocol';
import { isAdminRole, useSession } from '../../app/session';
import { useConfirm, useToast, type MenuItem } from '../../ui';
import { useDeleteChannel } from './channel-mutations';
import { useDeleteCategory } from './category-mutations';
import { useChannelReadStatuses } from '../read-status/queries';
import { useMarkChannelRead } from '../read-status/mutations';
import { isUnread } from '../read-status/read-cache';
import { isChannelMuted, useNotificationPreferences, useSetMuted } from '../notifications';

export interface SidebarDialogs {
  editChannel: (channel: Channel) => void;
  createChannel: () => void;
  createCategory: () => void;
  renameCategory: (category: Category) => void;
}

/** The right-click menus of the channel sidebar (spec 2 §2); admins manage, everyone may copy an id. */
export function useSidebarMenus(dialogs: SidebarDialogs) {
  const admin = isAdminRole(useSession()?.user.role);
  const confirm = useConfirm();
  const toast = useToast();
  const deleteChannel = useDeleteChannel();
  const deleteCategory = useDeleteCategory();
  const readStatuses = useChannelReadStatuses().data;
  const markChannelRead = useMarkChannelRead();
  const prefs = useNotificationPreferences();
  const setMuted = useSetMuted();

  const askDeleteChannel = async (channel: Channel) => {
    const yes = await confirm({
      title: 'Delete Channel',
      message: `Are you sure you want to delete "${channel.name}"? Its messages will be deleted too. This cannot be undone.`,
      confirmLabel: 'Delete',
      type: 'danger',
    });
    if (yes) deleteChannel.mutate(channel);
  };

  const askDeleteCategory = async (category: Category) => {
    const yes = await confirm({
      title: 'Delete Category',
      message: `Are you sure you want to delete "${category.name}"? Its channels stay in the group without a category.`,
      confirmLabel: 'Delete',
      type: 'danger',
    });
    if (yes) deleteCategory.mutate(category);
  };

  const copyId = (channel: Channel) => {
    navigator.clipboard.writeText(String(channel.id)).then(
      () => toast.success('Channel ID copied'),
      () => toast.error('Copy Failed', 'Could not copy the channel ID'),
    );
  };

  // Spec 2 §2 lists Mark as Read for members; admins read channels too, so they get it as well.
  const markReadItems = (channel: Channel): MenuItem[] =>
    isUnread(readStatuses?.find((s) => s.channel_id === channel.id))
      ? [{ label: 'Mark as Read', onSelect: () => markChannelRead.mutate({ channelId: channel.id, messageId: null }) }]
      : [];

  const muteItem = (channel: Channel): MenuItem => {
    const muted = isChannelMuted(prefs, channel.id);
    return {
      label: muted ? 'Unmute Channel' : 'Mute Channel',
      onSelect: () => setMuted.mutate({ kind: 'channel', id: channel.id, muted: !muted }),
    };
  };

  return {
    channelItems: (channel: Channel): MenuItem[] =>
      admin
        ? [
            ...markReadItems(channel),
            muteItem(channel),
            { label: 'Edit channel', onSelect: () => dialogs.editChannel(channel) },
            { separator: true },
            { label: 'Delete', danger: true, onSelect: () => void askDeleteChannel(channel) },
          ]
        : [...markReadItems(channel), { label: 'Copy Channel ID', onSelect: () => copyId(channel) }, muteItem(channel)],
    categoryItems: (category: Category): MenuItem[] => {
      // A category still being created has no server id yet.
      const saving = category.id < 0;
      return admin
        ? [
            { label: 'Rename', disabled: saving, onSelect: () => dialogs.renameCategory(category) },
            { separator: true },
            { label: 'Delete', danger: true, disabled: saving, onSelect: () => void askDeleteCategory(category) },
          ]
        : [];
    },
    areaItems: (): MenuItem[] =>
      admin
        ? [
            { label: 'Create Channel', onSelect: dialogs.createChannel },
            { label: 'Create Category', onSelect: dialogs.createCategory },
          ]
        : [],
  };
}
