import { useMemo, useState } from 'react';
import { CUSTOM_EMOJI_PER_USER_MAX } from '@hearth/protocol/rules';
import { Button, Spinner, useConfirm } from '../../ui';
import { Switch } from '../../ui/Switch';
import type { UsableEmoji } from '../emoji/custom-emoji-list';
import { useCustomEmoji, useDeleteEmoji, useUpdateEmoji, useUploadEmoji } from '../emoji/custom-emoji-queries';
import { Banner } from './Banner';
import { CustomEmojisCard } from './CustomEmojisCard';
import { CUSTOM_EMOJI_TEXT } from './CustomEmojisTexts';
import { CustomEmojisUploadDialog, type EmojiUploadChoice } from './CustomEmojisUploadDialog';
import { useSaver } from './useSaver';
import settings from './Settings.module.css';
import styles from './CustomEmojis.module.css';

/**
 * The Custom Emojis tab (spec 3 §2): the user's emoji in a grid with search, an upload dialog whose
 * Public and NSFW checkboxes start from the panel's toggles, inline rename, the two flags and delete.
 * Each change says how it went in one banner (spec 3 §8's texts, or the server's reason).
 */
export default function CustomEmojisTab() {
  const { own, isLoading, isError } = useCustomEmoji();
  const upload = useUploadEmoji();
  const update = useUpdateEmoji();
  const remove = useDeleteEmoji();
  const confirm = useConfirm();
  const saver = useSaver();
  const [query, setQuery] = useState('');
  const [uploading, setUploading] = useState(false);
  const [defaults, setDefaults] = useState({ isPublic: false, isNsfw: false });
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase().replaceAll(':', '');
    return q ? own.filter((e) => e.name.toLowerCase().includes(q)) : own;
  }, [own, query]);

  const onUpload = async ({ file, name, isPublic, isNsfw }: EmojiUploadChoice) => {
    let done = false;
    await saver.run(async () => {
      const saved = await upload.mutateAsync({ file, name, isPublic, isNsfw });
      done = true;
      return CUSTOM_EMOJI_TEXT.uploaded(saved.name);
    }, CUSTOM_EMOJI_TEXT.uploadFailed);
    return done;
  };
  const rename = (emoji: UsableEmoji, name: string) =>
    void saver.run(async () => {
      const saved = await update.mutateAsync({ id: emoji.id, changes: { name } });
      return CUSTOM_EMOJI_TEXT.renamed(saved.name);
    }, CUSTOM_EMOJI_TEXT.renameFailed);
  const togglePublic = (emoji: UsableEmoji) =>
    void saver.run(async () => {
      const saved = await update.mutateAsync({ id: emoji.id, changes: { is_public: !emoji.is_public } });
      return CUSTOM_EMOJI_TEXT.visibility(saved.is_public);
    }, CUSTOM_EMOJI_TEXT.visibilityFailed);
  const toggleNsfw = (emoji: UsableEmoji) =>
    void saver.run(async () => {
      const saved = await update.mutateAsync({ id: emoji.id, changes: { is_nsfw: !emoji.is_nsfw } });
      return CUSTOM_EMOJI_TEXT.nsfw(saved.is_nsfw);
    }, CUSTOM_EMOJI_TEXT.nsfwFailed);
  const destroy = async (emoji: UsableEmoji) => {
    const sure = await confirm({
      title: 'Delete Emoji',
      message: `Delete :${emoji.name}: ? This cannot be undone.`,
      confirmLabel: 'Delete',
      type: 'danger',
    });
    if (!sure) return;
    await saver.run(async () => {
      await remove.mutateAsync(emoji.id);
      return CUSTOM_EMOJI_TEXT.deleted(emoji.name);
    }, CUSTOM_EMOJI_TEXT.deleteFailed);
  };

  return (
    <div className={settings.tabBody}>
      <section className={settings.section} aria-labelledby="custom-emojis-title">
        <h3 id="custom-emojis-title" className={settings.sectionTitle}>
          Your Emojis
        </h3>
        <p className={styles.usage}>
          {own.length} / {CUSTOM_EMOJI_PER_USER_MAX} emojis. Use them in chat as :name:.
        </p>
        <div className={styles.toolbar}>
          <input
            type="search"
            className={styles.search}
            placeholder="Search emojis…"
            aria-label="Search your emojis"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <Button onClick={() => setUploading(true)} disabled={own.length >= CUSTOM_EMOJI_PER_USER_MAX}>
            Upload Emoji
          </Button>
        </div>
        <div className={styles.defaults}>
          <Switch
            label="New emojis are public"
            description="Anyone can use a public emoji; a private one only you."
            checked={defaults.isPublic}
            onCheckedChange={(isPublic: boolean) => setDefaults((d) => ({ ...d, isPublic }))}
          />
          <Switch
            label="New emojis are NSFW"
            checked={defaults.isNsfw}
            onCheckedChange={(isNsfw: boolean) => setDefaults((d) => ({ ...d, isNsfw }))}
          />
        </div>
        <Banner outcome={saver.outcome} />
        {isLoading && <Spinner size={24} label="Loading emojis" />}
        {isError && !isLoading && own.length === 0 && <p role="alert">Failed to load emojis</p>}
        {!isLoading && own.length === 0 && !isError && <p className={styles.empty}>No emojis yet</p>}
        {own.length > 0 && shown.length === 0 && <p className={styles.empty}>No emojis found</p>}
        {shown.length > 0 && (
          <ul className={styles.grid} aria-label="Your emojis">
            {shown.map((emoji) => (
              <CustomEmojisCard
                key={emoji.id}
                emoji={emoji}
                busy={saver.busy}
                onRename={(name) => rename(emoji, name)}
                onTogglePublic={() => togglePublic(emoji)}
                onToggleNsfw={() => toggleNsfw(emoji)}
                onDelete={() => void destroy(emoji)}
              />
            ))}
          </ul>
        )}
      </section>
      {uploading && (
        <CustomEmojisUploadDialog
          onClose={() => setUploading(false)}
          defaults={defaults}
          busy={saver.busy}
          onUpload={onUpload}
        />
      )}
    </div>
  );
}
