import { REPLY_TEXT } from '@hearth/protocol/reply-rules';
import { useSession } from '../../app/session';
import { IconButton } from '../../ui';
import { CloseIcon } from '../../ui/icons';
import { replyDrafts, replyMentionPref, useReplyDraft, useReplyMention } from './reply-draft';
import styles from './ReplyBanner.module.css';

/**
 * Above the composer while it writes a reply: 'Replying to {name}', the switch that says whether the
 * author is mentioned (not for one's own message, which mentions no one), and Cancel (Escape in the
 * text box does the same).
 */
export function ReplyBanner({ placeId }: { placeId: number }) {
  const draft = useReplyDraft(placeId);
  const mention = useReplyMention();
  const me = useSession()?.user.id ?? null;
  if (!draft) return null;
  const own = me !== null && draft.authorId === Number(me);
  return (
    <div className={styles.banner} role="group" aria-label={REPLY_TEXT.replyingTo(draft.name)}>
      <span className={styles.text}>
        Replying to <strong className={styles.name}>{draft.name}</strong>
      </span>
      {!own && (
        // A switch in the text of Discord's ('@ On'); its name says what it switches.
        <button
          type="button"
          role="switch"
          aria-checked={mention}
          aria-label={REPLY_TEXT.mentionLabel(draft.name)}
          title={REPLY_TEXT.mentionLabel(draft.name)}
          className={styles.mention}
          data-on={mention || undefined}
          onClick={() => replyMentionPref.set(!mention)}
        >
          {mention ? REPLY_TEXT.mentionOn : REPLY_TEXT.mentionOff}
        </button>
      )}
      <IconButton aria-label={REPLY_TEXT.cancel} size="sm" onClick={() => replyDrafts.cancel(placeId)}>
        <CloseIcon size={16} />
      </IconButton>
    </div>
  );
}
