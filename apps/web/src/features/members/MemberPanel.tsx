import { useMemo } from 'react';
import { Virtuoso } from 'react-virtuoso';
import type { MemberEntry } from '@hearth/protocol';
import { useServices } from '../../app/services';
import { RoleBadge } from '../../ui';
import { PresenceAvatar, usePresenceVersion } from '../presence';
import { openProfilePopup } from '../profiles/profile-popup';
import { PronounsChip } from '../profiles/PronounsChip';
import { memberRows } from './member-sections';
import { useChannelMembers } from './queries';
import styles from './MemberPanel.module.css';

/** Spec 2 §9: the skeleton shows six rows. */
const SKELETON_ROWS = 6;

/**
 * The member panel (spec 2 §2): who can view the channel, online first, virtualised so a group of
 * 10,000 renders only the rows in view. Presence comes from the presence store, re-sorted live.
 */
export function MemberPanel({ channelId, title = 'Members' }: { channelId: number; title?: string }) {
  const members = useChannelMembers(channelId);
  const { presence } = useServices();
  const version = usePresenceVersion();
  const all = useMemo(() => members.data?.pages.flatMap((p) => p.members) ?? [], [members.data]);
  // Recomputed when anyone's presence changes (version), not on every render.
  const rows = useMemo(() => memberRows(all, (id) => presence.get(id)), [all, presence, version]);
  const total = members.data?.pages[0]?.total ?? 0;
  return (
    <aside className={styles.panel} aria-label={title}>
      <h2 className={styles.title}>
        {title} <span className={styles.count}>{members.isLoading ? '' : `— ${total}`}</span>
      </h2>
      {members.isLoading ? (
        <ul className={styles.skeleton} aria-label="Loading members">
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <li key={i} className={styles.skeletonRow} />
          ))}
        </ul>
      ) : all.length === 0 ? (
        <p className={styles.empty}>{title === 'Members' ? 'No members found' : 'No users found'}</p>
      ) : (
        <Virtuoso
          className={styles.list}
          data={rows}
          computeItemKey={(_, row) => (row.kind === 'heading' ? `h:${row.label}` : `m:${row.member.id}`)}
          itemContent={(_, row) =>
            row.kind === 'heading' ? (
              <h3 className={styles.section}>
                {row.label} — {row.count}
              </h3>
            ) : (
              <MemberRowView member={row.member} />
            )
          }
        />
      )}
    </aside>
  );
}

function MemberRowView({ member }: { member: MemberEntry }) {
  const name = member.nickname || member.username;
  return (
    <button
      type="button"
      className={styles.row}
      onClick={(event) => openProfilePopup({ id: member.id, username: member.username }, event.currentTarget)}
    >
      <PresenceAvatar userId={member.id} name={name} src={member.profile_image_url} size={32} />
      <span className={styles.text}>
        <span className={styles.nameLine}>
          <bdi className={styles.name}>{name}</bdi>
          <RoleBadge role={member.role} />
        </span>
        {member.nickname && <span className={styles.username}>@{member.username}</span>}
      </span>
      <PronounsChip
        pronouns={member.pronouns}
        background={member.pronouns_bg_color}
        color={member.pronouns_text_color}
      />
    </button>
  );
}
