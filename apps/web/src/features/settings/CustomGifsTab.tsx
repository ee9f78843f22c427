import { useMemo, useRef, useState } from 'react';
import type { UserGif } from '@hearth/protocol';
import { defaultGifName, GIF_MAX_BYTES, GIF_TEXT, GIF_USER_MAX } from '@hearth/protocol/gif-rules';
import { Button, Spinner, useConfirm } from '../../ui';
import { useDeleteGif, useOwnGifs, useRenameGif, useSetGifNsfw, useUploadGif } from '../gifs/gif-queries';
import { GIF_CLIENT_TEXT as T } from '../gifs/texts';
import { Banner } from './Banner';
import { CustomGifCard } from './CustomGifCard';
import { CustomGifUploadDialog } from './CustomGifUploadDialog';
import { failureText, type Outcome } from './form-result';
import styles from './CustomGifs.module.css';

/** Spec 3 §5's first two checks, before a 10 MB file is sent only to be refused. */
function fileProblem(file: File): string | null {
  if (file.type !== 'image/gif') return GIF_TEXT.notGif;
  if (file.size > GIF_MAX_BYTES) return GIF_TEXT.tooLarge;
  return null;
}

/**
 * The Custom GIFs tab (spec 3 §2): usage, Upload GIF (pick a file, then name it), a search, and a card
 * per GIF with inline rename, the NSFW toggle and Delete. Each action says how it went in the banner.
 */
export default function CustomGifsTab() {
  const gifs = useOwnGifs();
  const upload = useUploadGif();
  const rename = useRenameGif();
  const nsfw = useSetGifNsfw();
  const remove = useDeleteGif();
  const confirm = useConfirm();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [search, setSearch] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (gifs.data ?? []).filter((g) => g.name.toLowerCase().includes(q));
  }, [gifs.data, search]);

  /** Runs a change; the banner says the spec's success text, or the server's reason, else the fallback. */
  const act = async (work: () => Promise<unknown>, success: string, fallback: string): Promise<boolean> => {
    setOutcome(null);
    try {
      await work();
      setOutcome({ kind: 'success', text: success });
      return true;
    } catch (error) {
      setOutcome({ kind: 'error', text: failureText(error, fallback) });
      return false;
    }
  };

  const onPicked = (picked: File | undefined) => {
    if (picker.current) picker.current.value = '';
    if (!picked) return;
    const problem = fileProblem(picked);
    if (problem) setOutcome({ kind: 'error', text: problem });
    else setFile(picked);
  };

  const onDelete = (gif: UserGif) =>
    void confirm({
      title: 'Delete GIF',
      message: T.deleteQuestion(gif.name),
      confirmLabel: 'Delete',
      type: 'danger',
    }).then((yes) => yes && act(() => remove.mutateAsync(gif.id), T.deleted(gif.name), T.deleteFailed));

  const count = gifs.data?.length ?? 0;
  return (
    <div className={styles.tab}>
      <div className={styles.toolbar}>
        <p className={styles.usage} aria-label={`${count} of ${GIF_USER_MAX} GIFs used`}>
          {count} / {GIF_USER_MAX}
        </p>
        <input
          type="search"
          className={styles.search}
          aria-label="Search GIFs"
          placeholder={T.settingsSearch}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Button onClick={() => picker.current?.click()} disabled={upload.isPending}>
          Upload GIF
        </Button>
        <input
          ref={picker}
          type="file"
          accept="image/gif"
          className={styles.fileInput}
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => onPicked(event.target.files?.[0])}
        />
      </div>
      <p className={styles.tip}>Tip: GIF names are used in chat as :name:</p>
      <Banner outcome={outcome} />
      {gifs.isPending ? (
        <Spinner size={24} label={T.loadingOwn} />
      ) : gifs.isError ? (
        <p role="alert">{failureText(gifs.error, T.ownFailed)}</p>
      ) : shown.length === 0 ? (
        <p className={styles.empty}>{T.settingsEmpty}</p>
      ) : (
        <ul className={styles.grid} aria-label="Your GIFs">
          {shown.map((gif) => (
            <CustomGifCard
              key={gif.id}
              gif={gif}
              onRename={(name) =>
                void act(() => rename.mutateAsync({ id: gif.id, name }), T.renamed(name), T.renameFailed)
              }
              onNsfw={(isNsfw) =>
                void act(
                  () => nsfw.mutateAsync({ id: gif.id, isNsfw }),
                  isNsfw ? T.markedNsfw : T.unmarkedNsfw,
                  T.nsfwFailed,
                )
              }
              onDelete={() => onDelete(gif)}
            />
          ))}
        </ul>
      )}
      <CustomGifUploadDialog
        file={file}
        defaultName={file ? defaultGifName(file.name) : ''}
        busy={upload.isPending}
        onCancel={() => setFile(null)}
        onUpload={(name, isNsfw) => {
          if (!file) return;
          void act(() => upload.mutateAsync({ file, name, isNsfw }), T.uploaded(name), T.uploadFailed).then(() =>
            setFile(null),
          );
        }}
      />
    </div>
  );
}
