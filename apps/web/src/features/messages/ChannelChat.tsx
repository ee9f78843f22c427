import { useRef, useState } from 'react';
import type { Channel } from '@hearth/protocol';
import { useSession } from '../../app/session';
import { useOffline } from '../../app/useOffline';
import { Spinner, useToast } from '../../ui';
import { uploadLimitTitle } from '@hearth/protocol/texts';
import { DropZone, useAttachmentDraft } from '../attachments';
import { useMyGroupPermissions } from '../groups/queries';
import { useChannels, useGroups } from '../groups/queries';
import { ChannelReactionsProvider } from '../reactions';
import { MemberPanel } from '../members';
import { ChannelHeader } from './ChannelHeader';
import { Composer } from './Composer';
import { MessageList, type MessageListHandle } from './MessageList';
import { useMessageWindow } from './useMessageWindow';
import styles from './ChannelChat.module.css';

export const OFFLINE_CHANNEL_TEXT = "You're offline. This channel will load when your connection is back.";

/** A text channel: header, history and composer (spec 1 §2). */
export function ChannelChat({ channelId }: { channelId: number }) {
  const channels = useChannels();
  const channel = channels.data?.find((c) => c.id === channelId) ?? null;
  const offline = useOffline();
  if (!channel) {
    // Offline, the channel list may be missing or older than the channel: that is what to say, not
    // that the channel does not exist. A list paused for the network is pending, not loading.
    return (
      <section className={styles.chat} aria-label="Chat">
        <div className={styles.center}>
          {offline ? (
            <p>{OFFLINE_CHANNEL_TEXT}</p>
          ) : channels.isPending ? (
            <Spinner size={24} label="Loading channel" />
          ) : (
            <p>This channel is not available.</p>
          )}
        </div>
      </section>
    );
  }
  // Keyed so each channel gets its own message window and a fresh scroll position.
  return <ChannelView key={channel.id} channel={channel} />;
}

function ChannelView({ channel }: { channel: Channel }) {
  const session = useSession();
  const groupName = useGroups().data?.find((g) => g.id === channel.group_id)?.name;
  const { store, state } = useMessageWindow(channel.id);
  const list = useRef<MessageListHandle>(null);
  const [membersOpen, setMembersOpen] = useState(false);
  const draft = useAttachmentDraft(channel.id);
  const toast = useToast();
  const permissions = useMyGroupPermissions(channel.group_id);
  const canAttach = session !== null && permissions.canPost && permissions.canUpload;
  const addFiles = (files: File[]) => {
    const refused = draft.add(files);
    if (refused) toast.error(uploadLimitTitle, refused);
  };

  return (
    <section className={styles.chat} aria-label={`#${channel.name}`}>
      <ChannelHeader
        channelId={channel.id}
        channelName={channel.name}
        groupName={groupName}
        description={channel.description}
        membersOpen={membersOpen}
        onToggleMembers={() => setMembersOpen((open) => !open)}
      />
      <div className={styles.body}>
        <div className={styles.conversation}>
          <DropZone enabled={canAttach} onFiles={addFiles}>
            <ChannelReactionsProvider target={store} groupId={channel.group_id}>
              <MessageList ref={list} store={store} state={state} viewer={session?.user ?? null} />
            </ChannelReactionsProvider>
            <Composer
              target={{ kind: 'channel', channel }}
              draft={draft}
              onFiles={addFiles}
              onSent={() => list.current?.scrollToLatest()}
            />
          </DropZone>
        </div>
        {membersOpen && <MemberPanel channelId={channel.id} />}
      </div>
    </section>
  );
}
