import { type FormEvent, useId, useState } from 'react';
import { Button, Modal, useToast } from '../../ui';
import { visuallyHidden } from '../../ui/VisuallyHidden';
import { failureText } from '../groups/failure-text';
import { useSendFriendRequest } from './queries';
import { FRIENDS_TEXT } from './texts';
import styles from './FriendsPage.module.css';

/** Whether a refusal is the target's privacy setting, which gets a dialog rather than a toast. */
export const isNotAcceptingRefusal = (text: string) => text.toLowerCase().includes(FRIENDS_TEXT.notAcceptingMarker);

/** Add Friend (spec 2 §2): a username, trimmed; Send is disabled while it is empty; Enter sends. */
export function AddFriendPanel() {
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const [username, setUsername] = useState('');
  const [notAccepting, setNotAccepting] = useState(false);
  const send = useSendFriendRequest();
  const toast = useToast();
  const trimmed = username.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || send.isPending) return;
    send.mutate(trimmed, {
      onSuccess: (answer) => {
        toast.success(answer.message || FRIENDS_TEXT.requestSent);
        setUsername('');
      },
      onError: (error) => {
        const text = failureText(error, FRIENDS_TEXT.requestFailed);
        if (isNotAcceptingRefusal(text)) setNotAccepting(true);
        else toast.error(text);
      },
    });
  };

  return (
    <section className={styles.addFriend} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.sectionTitle}>
        Add Friend
      </h3>
      <p id={hintId} className={styles.hint}>
        You can add friends with their username.
      </p>
      <form className={styles.addForm} onSubmit={submit}>
        <label htmlFor={inputId} className={visuallyHidden}>
          Username
        </label>
        <input
          id={inputId}
          className={styles.input}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          placeholder="Enter a username"
          aria-describedby={hintId}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
        />
        <Button type="submit" disabled={!trimmed || send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Friend Request'}
        </Button>
      </form>
      <Modal
        open={notAccepting}
        onOpenChange={setNotAccepting}
        title={FRIENDS_TEXT.notAcceptingTitle}
        description={FRIENDS_TEXT.notAcceptingText}
        size="sm"
        footer={<Button onClick={() => setNotAccepting(false)}>OK</Button>}
      />
    </section>
  );
}
