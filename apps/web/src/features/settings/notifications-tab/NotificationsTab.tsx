import { useEffect, useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@hearth/protocol';
import { useServices } from '../../../app/services';
import { useSession } from '../../../app/session';
import { ApiError } from '../../../lib/http';
import { Button, SelectField, useToast } from '../../../ui';
import { Switch } from '../../../ui/Switch';
import { notificationKeys, useNotificationSettings } from '../../notifications/preferences';
import { playSound, SOUND_THEME_KEY, SOUND_THEMES, soundTheme, type SoundTheme } from '../../notifications/sounds';
import {
  disablePush,
  enablePush,
  PUSH_TEXT_CLIENT,
  pushState,
  PushSetupError,
  sendTestPush,
  type PushState,
} from '../../push/push-client';
import { NOTIFICATIONS_TAB_TEXT as TEXT } from './notifications-tab-texts';
import shared from '../Settings.module.css';
import styles from './NotificationsTab.module.css';

/**
 * Notifications (spec 3 §2): the account's message-notifications switch, the sound theme (kept in this
 * browser under soundTheme) and push notifications for this browser with a test push. Its own lazy chunk.
 */
export default function NotificationsTab() {
  const id = useId();
  return (
    <div className={shared.tabBody}>
      <section className={shared.section} aria-labelledby={`${id}-messages`}>
        <h3 id={`${id}-messages`} className={shared.sectionTitle}>
          Messages
        </h3>
        <div className={shared.switches}>
          <MessageNotificationsSwitch />
        </div>
      </section>
      <section className={shared.section} aria-labelledby={`${id}-sounds`}>
        <h3 id={`${id}-sounds`} className={shared.sectionTitle}>
          Sounds
        </h3>
        <SoundThemePicker />
      </section>
      <section className={shared.section} aria-labelledby={`${id}-push`}>
        <h3 id={`${id}-push`} className={shared.sectionTitle}>
          Push Notifications
        </h3>
        <PushSection />
      </section>
    </div>
  );
}

function MessageNotificationsSwitch() {
  const { http } = useServices();
  const qc = useQueryClient();
  const toast = useToast();
  const settings = useNotificationSettings();
  const update = useMutation({
    mutationFn: (on: boolean) =>
      http.put<NotificationSettings>('/user/notification-settings', { message_notifications_enabled: on }),
    onMutate: (on) =>
      qc.setQueryData<NotificationSettings>(notificationKeys.settings, { message_notifications_enabled: on }),
    onSuccess: (answer) => qc.setQueryData(notificationKeys.settings, answer),
    onError: () => {
      void qc.invalidateQueries({ queryKey: notificationKeys.settings });
      toast.error(TEXT.updateFailedTitle, TEXT.updateFailed);
    },
  });
  return (
    <Switch
      label={TEXT.messageNotifications}
      description={TEXT.messageNotificationsHint}
      checked={settings?.message_notifications_enabled ?? true}
      disabled={!settings}
      onCheckedChange={(on) => update.mutate(on)}
    />
  );
}

function SoundThemePicker() {
  const [theme, setTheme] = useState<SoundTheme>(soundTheme);
  const choose = (next: SoundTheme) => {
    localStorage.setItem(SOUND_THEME_KEY, next);
    setTheme(next);
    playSound('mention', next);
  };
  return (
    <div className={styles.soundRow}>
      <SelectField
        label={TEXT.soundTheme}
        options={SOUND_THEMES.map((t) => ({ value: t.id, label: t.label }))}
        value={theme}
        onChange={(event) => choose(event.target.value as SoundTheme)}
      />
      <Button variant="secondary" onClick={() => playSound('mention', theme)}>
        {TEXT.playSound}
      </Button>
    </div>
  );
}

const STATE_TEXT: Record<PushState, string> = {
  unsupported: PUSH_TEXT_CLIENT.unsupported,
  blocked: PUSH_TEXT_CLIENT.blocked,
  off: PUSH_TEXT_CLIENT.off,
  on: PUSH_TEXT_CLIENT.on,
};

function PushSection() {
  const { http } = useServices();
  const userId = useSession()?.user.id ?? 0;
  const toast = useToast();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void pushState(userId).then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, [userId]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } finally {
      setState(await pushState(userId));
      setBusy(false);
    }
  };

  const toggle = (on: boolean) =>
    run(async () => {
      try {
        if (on) await enablePush(http, userId);
        else await disablePush(http, userId);
      } catch (err) {
        setProblem(err instanceof PushSetupError || err instanceof ApiError ? err.message : TEXT.enableFailed);
      }
    });

  // Spec 3 §8: 'Failed to send test push notification' when the server refuses, 'Error testing push
  // notification' when it goes wrong before (permission, subscription, network); both 'Test Failed'.
  const test = () =>
    run(async () => {
      try {
        if ((await pushState(userId)) !== 'on') await enablePush(http, userId);
      } catch (err) {
        setProblem(err instanceof PushSetupError || err instanceof ApiError ? err.message : TEXT.enableFailed);
        toast.error(TEXT.testFailedTitle, TEXT.testError);
        return;
      }
      try {
        const answer = await sendTestPush(http);
        toast.success(TEXT.testSentTitle, answer.message);
      } catch (err) {
        if (err instanceof ApiError && err.status < 500) setProblem(err.message);
        toast.error(TEXT.testFailedTitle, err instanceof ApiError ? TEXT.testFailed : TEXT.testError);
      }
    });

  const unsupported = state === 'unsupported';
  return (
    <div className={styles.control}>
      <div className={shared.switches}>
        <Switch
          label={TEXT.pushSwitch}
          description={TEXT.pushHint}
          checked={state === 'on'}
          disabled={busy || state === null || unsupported}
          onCheckedChange={(on) => void toggle(on)}
        />
      </div>
      <p className={shared.hint} role="status">
        {state && STATE_TEXT[state]}
      </p>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <Button variant="secondary" disabled={busy || unsupported} onClick={() => void test()}>
        {TEXT.sendTest}
      </Button>
    </div>
  );
}
