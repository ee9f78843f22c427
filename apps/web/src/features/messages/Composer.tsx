import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { Channel } from '@hearth/protocol';
import { MESSAGE_MAX_LENGTH } from '@hearth/protocol/constants';
import { TEXT } from '@hearth/protocol/texts';
import { useChatPref } from '../../app/chat-prefs';
import { useSession } from '../../app/session';
import { useIsNarrow } from '../../app/useIsNarrow';
import { Button, IconButton } from '../../ui';
import { useMyGroupPermissions } from '../groups/queries';
import { useLiveState } from '../live/useLiveState';
import { AttachButton, DraftGrid, useDraftItems, type AttachmentDraft } from '../attachments';
import { CommandSuggestions, useCommandPopup, useRunCommand } from '../commands';
import { isCommandText } from '@hearth/protocol/commands';
import { MentionSuggestions, useMentionPopup } from '../mention-popup';
import { ComposerEmojiButton, pickedShortcode, type PickedEmoji } from '../emoji';
import { GifButton } from '../gifs';
import { TypingIndicator, useTypingSignal } from '../typing';
import {
  addPersonalWord,
  preferredDictionary,
  SpellBackdrop,
  SpellMenu,
  spellChecker,
  useSpellcheck,
} from '../spellcheck';
import { outgoingReply, ReplyBanner, replyDrafts, useReplyDraft } from '../replies';
import { useArrowUpToEdit } from './edit-last';
import { PlusIcon } from './icons';
import { useAutoGrow } from './useAutoGrow';
import { useSendMessage } from './useSendMessage';
import styles from './Composer.module.css';

const NO_FILES: readonly never[] = [];
/** Stands in for a draft where the composer has none (no attach button): always empty. */
const NO_DRAFT = {
  subscribe: () => () => undefined,
  getSnapshot: () => NO_FILES,
} as unknown as AttachmentDraft;

/** The counter appears this close to the limit, before it blocks sending. */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 200;

/** Where the composer writes: a channel of a group, or the conversation with one person. */
export type ComposerTarget =
  | { kind: 'channel'; channel: Pick<Channel, 'id' | 'name' | 'group_id'> }
  | { kind: 'dm'; conversationId: number; recipientId: number; name: string };

const targetId = (t: ComposerTarget) => (t.kind === 'channel' ? t.channel.id : t.conversationId);
/** '#general' or '@alice', as the placeholder and the text box's name say it. */
const targetLabel = (t: ComposerTarget) => (t.kind === 'channel' ? `#${t.channel.name}` : `@${t.name}`);

/** Anyone may write and attach in a conversation they can open; the server refuses across a block. */
const DM_PERMISSIONS = { isLoading: false, canPost: true, canUpload: true };

export interface ComposerProps {
  target: ComposerTarget;
  /** Before the text box: the attach button's place. */
  leading?: ReactNode;
  /** Between the text box and Send: the emoji and GIF buttons' place. */
  trailing?: ReactNode;
  /** After a message left, so the list can show the newest end. */
  onSent?(): void;
  /** The files attached to the message being written; without it there is no attach button. */
  draft?: AttachmentDraft;
  /** Files chosen, dropped or pasted: the owner adds them to the draft (and says when over the limit). */
  onFiles?(files: File[]): void;
}

/** Whether the composer is read-only: signed out, or no can_post (once the permissions are known). */
const readOnlyFor = (signedIn: boolean, permissions: { isLoading: boolean; canPost: boolean }) =>
  !signedIn || (!permissions.isLoading && !permissions.canPost);

function placeholderFor(signedIn: boolean, readOnly: boolean, label: string): string {
  if (!signedIn) return 'You must be logged in to send messages';
  if (readOnly) return 'You cannot post messages in this group';
  return `Message ${label}`;
}

/** Text box and Send (spec 1 §2, §5): Enter sends, Shift+Enter adds a line. */
export function Composer({ target, leading, trailing, onSent, draft, onFiles }: ComposerProps) {
  const signedIn = useSession() !== null;
  const connected = useLiveState() === 'open';
  const groupPermissions = useMyGroupPermissions(target.kind === 'channel' ? target.channel.group_id : null);
  const permissions = target.kind === 'channel' ? groupPermissions : DM_PERMISSIONS;
  const id = targetId(target);
  const label = targetLabel(target);
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const limitId = useId();
  // Spec 1 §2: on narrow screens the buttons collapse behind a toggle, leaving the text box the width.
  const narrow = useIsNarrow();
  const [toolsOpen, setToolsOpen] = useState(false);
  const toolsHidden = narrow && !toolsOpen;
  const toolsId = useId();
  const send = useSendMessage(id, target.kind === 'dm' ? target.recipientId : null);
  const replying = useReplyDraft(id) !== null;
  // Show Send Button (spec 3 §2): without it, Enter still sends.
  const showSend = useChatPref('showSendButton');
  const [caret, setCaret] = useState(0);
  // Where the caret must go after the text was replaced (a mention inserted), applied after render.
  const pendingCaret = useRef<number | null>(null);
  const mentions = useMentionPopup(id, text, caret, (next, at) => {
    setText(next);
    setCaret(at);
    pendingCaret.current = at;
  });
  useLayoutEffect(() => {
    if (pendingCaret.current === null || !input.current) return;
    input.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });
  // Emoji picked are written where the caret was, one after another for a Shift+click range (which
  // picks several before the text box re-renders, hence the refs).
  const draftText = useRef(text);
  draftText.current = text;
  const insertion = useRef<number | null>(null);
  const insertEmoji = (emoji: PickedEmoji) => {
    const current = draftText.current;
    const piece = `${pickedShortcode(emoji)} `;
    const at = Math.min(insertion.current ?? input.current?.selectionStart ?? current.length, current.length);
    const next = current.slice(0, at) + piece + current.slice(at);
    draftText.current = next;
    insertion.current = at + piece.length;
    pendingCaret.current = insertion.current;
    setText(next);
    setCaret(insertion.current);
  };
  const emojiClosed = () => {
    insertion.current = null;
    requestAnimationFrame(() => input.current?.focus());
  };
  const commands = useCommandPopup(text, setText);
  const spelling = useSpellcheck(text, !readOnlyFor(signedIn, permissions));
  const backdrop = useRef<HTMLDivElement>(null);
  const [spellMenu, setSpellMenu] = useState<{
    word: { word: string; start: number; end: number };
    x: number;
    y: number;
    suggestions: string[] | null;
  } | null>(null);
  /** Opens the spelling menu for the misspelt word at the caret, if there is one; false otherwise. */
  const openSpellMenu = (at: number, x: number, y: number): boolean => {
    const word = spelling.misspelt.find((w) => at >= w.start && at <= w.end);
    if (!word) return false;
    setSpellMenu({ word, x, y, suggestions: null });
    void spellChecker()
      .suggestions(word.word, preferredDictionary())
      .then((suggestions) => setSpellMenu((menu) => (menu && menu.word === word ? { ...menu, suggestions } : menu)));
    return true;
  };
  const closeSpellMenu = () => {
    setSpellMenu(null);
    input.current?.focus();
  };
  // One popup at a time: a mention being typed comes before the command it may sit in.
  const popup = mentions.open ? mentions : commands.open ? commands : null;
  const runCommand = useRunCommand(id);

  const readOnly = readOnlyFor(signedIn, permissions);
  const content = text.trim();
  const tooLong = content.length > MESSAGE_MAX_LENGTH;
  const files = useDraftItems(draft ?? NO_DRAFT);
  const uploading = files.some((f) => f.status === 'uploading');
  const attached = files.some((f) => f.status === 'done');
  const editLast = useArrowUpToEdit(id, !readOnly && text === '' && files.length === 0);
  // Spec 1 §5: not while empty (no text, no files), offline, uploading, or without can_post.
  const canSend =
    signedIn && permissions.canPost && connected && (content.length > 0 || attached) && !tooLong && !uploading;

  useAutoGrow(input, text);
  useTypingSignal(target, readOnly ? '' : text);

  const submit = () => {
    if (!canSend) return;
    if (isCommandText(content)) {
      // A slash command is run, not sent; its text stays if it could not run, to be fixed.
      void runCommand(content).then((ran) => ran && setText(''));
      return;
    }
    const payload = draft?.payload();
    const reply = outgoingReply(id);
    if (!send(content, reply ? { attachments: [], sensitiveIds: [], ...payload, reply } : payload)) return;
    replyDrafts.cancel(id);
    draft?.clear();
    setText('');
    input.current?.focus();
    onSent?.();
  };

  // A picture (or any file) pasted into the text box is attached, as in every chat app.
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = [...event.clipboardData.files];
    if (pasted.length === 0 || !onFiles || readOnly) return;
    event.preventDefault();
    onFiles(pasted);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mentions.onKeyDown(event) || commands.onKeyDown(event) || editLast(event)) return;
    // Escape gives up the reply being written (its Cancel button does too); the text stays.
    if (event.key === 'Escape' && replying) {
      event.preventDefault();
      replyDrafts.cancel(id);
      return;
    }
    // The keyboard's way to the spelling menu: the Menu key or Shift+F10 with the caret in the word.
    if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      const box = event.currentTarget.getBoundingClientRect();
      if (openSpellMenu(event.currentTarget.selectionStart, box.left + 16, box.top - 8)) event.preventDefault();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {draft && <DraftGrid draft={draft} />}
      <ReplyBanner placeId={id} />
      {mentions.open && !readOnly && (
        <MentionSuggestions
          suggestions={mentions.suggestions}
          active={mentions.active}
          listId={mentions.listId}
          optionId={mentions.optionId}
          onPick={(s) => {
            mentions.pick(s);
            input.current?.focus();
          }}
        />
      )}
      {!mentions.open && commands.open && !readOnly && (
        <CommandSuggestions
          suggestions={commands.suggestions}
          active={commands.active}
          listId={commands.listId}
          optionId={commands.optionId}
          onPick={(s) => {
            commands.pick(s);
            input.current?.focus();
          }}
        />
      )}
      <div
        className={styles.box}
        data-readonly={readOnly || undefined}
        data-narrow={narrow || undefined}
        data-tools-open={(narrow && toolsOpen) || undefined}
      >
        {narrow && (
          <IconButton
            aria-label="Message tools"
            aria-expanded={toolsOpen}
            aria-controls={toolsId}
            className={styles.toolsToggle}
            onClick={() => setToolsOpen((open) => !open)}
          >
            <PlusIcon size={20} />
          </IconButton>
        )}
        {/* Collapsed, the tools stay mounted (hidden): Ctrl+E and an open picker keep working. */}
        <div className={styles.tools} id={toolsId} hidden={toolsHidden}>
          {draft && onFiles && (
            <AttachButton
              canUpload={!permissions.isLoading && permissions.canUpload}
              disabled={readOnly}
              onFiles={onFiles}
            />
          )}
          {leading}
        </div>
        <div className={styles.textWrap}>
          <SpellBackdrop
            ref={backdrop}
            className={styles.backdrop}
            text={readOnly ? '' : text}
            misspelt={spelling.misspelt}
          />
          <textarea
            ref={input}
            className={styles.input}
            rows={1}
            aria-label={`Message ${label}`}
            // Found by the shell to put focus in after signing in.
            data-composer=""
            aria-describedby={content.length > COUNTER_FROM ? limitId : undefined}
            aria-invalid={tooLong || undefined}
            aria-controls={popup && !readOnly ? popup.listId : undefined}
            aria-activedescendant={popup && !readOnly ? popup.optionId(popup.active) : undefined}
            // Right-to-left text lines up on the right as it is typed.
            dir="auto"
            placeholder={placeholderFor(signedIn, readOnly, label)}
            readOnly={readOnly}
            value={readOnly ? '' : text}
            onChange={(event) => {
              setText(event.target.value);
              setCaret(event.target.selectionStart);
            }}
            onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            onScroll={(event) => {
              if (backdrop.current) backdrop.current.scrollTop = event.currentTarget.scrollTop;
            }}
            onContextMenu={(event) => {
              // Right-clicking a misspelt word offers its suggestions; anywhere else, the browser's menu.
              if (openSpellMenu(event.currentTarget.selectionStart, event.clientX, event.clientY))
                event.preventDefault();
            }}
          />
        </div>
        <div className={styles.tools} hidden={toolsHidden}>
          <ComposerEmojiButton onPick={insertEmoji} onClosed={emojiClosed} disabled={readOnly} />
          {trailing}
          {/* A GIF goes at once, through the same outbox as typed text (spec 1 §2: click to send instantly). */}
          <GifButton
            disabled={readOnly}
            send={(content) => {
              const sent = send(content);
              if (sent) onSent?.();
              return sent;
            }}
          />
        </div>
        {showSend && (
          <Button type="submit" className={styles.send} aria-label="Send message" disabled={!canSend}>
            Send
          </Button>
        )}
      </div>
      {spellMenu && (
        <SpellMenu
          word={spellMenu.word.word}
          suggestions={spellMenu.suggestions}
          x={spellMenu.x}
          y={spellMenu.y}
          onClose={closeSpellMenu}
          onReplace={(suggestion) => {
            const { start, end } = spellMenu.word;
            const next = text.slice(0, start) + suggestion + text.slice(end);
            setText(next);
            pendingCaret.current = start + suggestion.length;
            closeSpellMenu();
          }}
          onAddToDictionary={() => {
            addPersonalWord(spellMenu.word.word);
            spelling.recheck();
            closeSpellMenu();
          }}
        />
      )}
      {content.length > COUNTER_FROM && (
        <p id={limitId} className={styles.limit} data-over={tooLong || undefined} aria-live="polite">
          <span>
            {content.length}/{MESSAGE_MAX_LENGTH}
          </span>
          {tooLong && <span>{TEXT.messageTooLong}</span>}
        </p>
      )}
      <TypingIndicator target={target} />
    </form>
  );
}
