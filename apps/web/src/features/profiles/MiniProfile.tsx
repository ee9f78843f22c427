import { useId, useLayoutEffect, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useLocation } from 'wouter';
import { Button, Spinner } from '../../ui';
import { ProfileActions } from './ProfileActions';
import { ProfileCard } from './ProfileCard';
import { closeProfilePopup, popupPosition, type ProfilePopupTarget } from './profile-popup';
import { useProfile } from './queries';
import styles from './Profiles.module.css';

/** The mini profile popup (spec 2 §2) for one target; MiniProfileHost mounts it. */
export function MiniProfile({ target }: { target: ProfilePopupTarget }) {
  const profile = useProfile(target.username);
  const [, navigate] = useLocation();
  const titleId = useId();
  // The box mounts a moment after this component (the portal), so it is kept as state.
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [place, setPlace] = useState<{ left: number; top: number }>({ left: -9999, top: 0 });
  useLayoutEffect(() => {
    if (!box) return;
    // Placed again whenever its height changes, not only once: the card grows after it opens (the
    // profile, then the friendship's buttons, then the banner arrive), and a place measured before
    // that left its bottom, View Full Profile and Block, below the window's edge.
    const update = () =>
      setPlace(
        popupPosition(target.anchor, { width: window.innerWidth, height: window.innerHeight }, box.offsetHeight),
      );
    update();
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resized?.observe(box);
    window.addEventListener('resize', update);
    return () => {
      resized?.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [box, target.anchor]);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && closeProfilePopup()} modal={false}>
      <Dialog.Portal>
        <Dialog.Content
          ref={setBox}
          className={styles.popup}
          style={{ left: place.left, top: place.top }}
          aria-labelledby={profile.data ? titleId : undefined}
          aria-label={profile.data ? undefined : 'Profile'}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => event.preventDefault()}
          // Opened from a menu, the menu hands focus back to its button as it closes: that is not the
          // user leaving the popup (which would close it the moment it opened).
          onFocusOutside={(event) => {
            if (event.target === target.returnFocus) event.preventDefault();
          }}
        >
          {profile.isLoading ? (
            <div className={styles.state}>
              <Spinner size={20} label="Loading profile" />
            </div>
          ) : !profile.data ? (
            <p className={styles.state} role="alert">
              Failed to load profile
            </p>
          ) : (
            <>
              <ProfileCard profile={profile.data} titleId={titleId} />
              <div className={styles.footer}>
                <ProfileActions profile={profile.data} onDone={closeProfilePopup} />
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => {
                    closeProfilePopup();
                    navigate(`/profile/${encodeURIComponent(profile.data.username)}`);
                  }}
                >
                  View Full Profile
                </Button>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
