import { lazy, Suspense, useState } from 'react';
import { lastSeenVersion, rememberSeen, RUNNING_VERSION, shouldWelcome } from './app-version';
import { UpdateBanner } from './UpdateBanner';

const ChangelogDialog = lazy(() => import('./ChangelogDialog'));

/** Spec 3 §4: the first visit only remembers this version; a later one after an upgrade welcomes. */
function initialWelcome(): boolean {
  const seen = lastSeenVersion();
  if (seen === null) rememberSeen();
  return shouldWelcome(seen);
}

/** The signed-in shell's version prompts: the new-version screen and the update banner. */
export function VersionPrompts() {
  const [welcome, setWelcome] = useState(initialWelcome);
  return (
    <>
      <UpdateBanner />
      {welcome && (
        <Suspense fallback={null}>
          <ChangelogDialog
            open
            welcome
            version={RUNNING_VERSION}
            onClose={() => {
              rememberSeen();
              setWelcome(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
