import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrivacySettings } from '@hearth/protocol';
import { useServices } from '../../app/services';
import { Spinner, useToast } from '../../ui';
import { Switch } from '../../ui/Switch';
import { ACCOUNT_TEXT } from '@hearth/protocol/account-rules';
import { useLocation } from 'wouter';
import { failureText } from './form-result';
import { PRIVACY_SETTINGS_KEY } from './privacy-keys';
import styles from './Settings.module.css';

const KEY = PRIVACY_SETTINGS_KEY;

const AUDIENCES: { value: PrivacySettings['friend_request_privacy']; label: string }[] = [
  { value: 'anyone', label: 'Everyone' },
  { value: 'friends_of_friends', label: 'Friends of friends' },
  { value: 'none', label: 'No one' },
];

/**
 * Privacy & Safety (spec 3 §2): the Privacy section, and Safety's New Device Login Alerts, which go by
 * mail and so stay off and disabled until the account has an email address. Each change saved at once.
 */
export function PrivacyTab() {
  const { http } = useServices();
  const [, navigate] = useLocation();
  const qc = useQueryClient();
  const toast = useToast();
  const settings = useQuery({ queryKey: KEY, queryFn: () => http.get<PrivacySettings>('/privacy/settings') });
  const change = useMutation({
    mutationFn: (patch: Partial<PrivacySettings>) => http.put<PrivacySettings>('/privacy/settings', patch),
    onMutate: (patch) => {
      const before = qc.getQueryData<PrivacySettings>(KEY);
      if (before) qc.setQueryData(KEY, { ...before, ...patch });
      return before;
    },
    onSuccess: (saved) => {
      qc.setQueryData(KEY, saved);
      toast.success('Privacy settings updated successfully');
    },
    onError: (error, _patch, before) => {
      if (before) qc.setQueryData(KEY, before);
      toast.error(failureText(error, 'Failed to update privacy settings'));
    },
  });
  if (!settings.data)
    return settings.isLoading ? <Spinner size={24} label="Loading privacy settings" /> : <p>Failed to load settings</p>;
  const s = settings.data;
  return (
    <div className={styles.tabBody}>
      <section className={styles.section} aria-labelledby="privacy-title">
        <h3 id="privacy-title" className={styles.sectionTitle}>
          Privacy
        </h3>
        <label className={styles.field}>
          Who can send you friend requests
          <select
            value={s.friend_request_privacy}
            onChange={(event) =>
              change.mutate({ friend_request_privacy: event.target.value as PrivacySettings['friend_request_privacy'] })
            }
          >
            {AUDIENCES.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </label>
        <div className={styles.switches}>
          <Switch
            label="Hide Profile To Strangers"
            description="People who are not your friends see no picture, banner, bio or links, and your attachments blurred."
            checked={s.profile_blur_enabled}
            onCheckedChange={(v) => change.mutate({ profile_blur_enabled: v })}
          />
          <Switch
            label="Friend Request Cooldown"
            description="After you decline someone, they must wait 7 days before asking again."
            checked={s.friend_request_cooldown_enabled}
            onCheckedChange={(v) => change.mutate({ friend_request_cooldown_enabled: v })}
          />
          <Switch
            label="Allow data to improve the product"
            description="Lets this server collect basic device information (browser, language, screen size) now and then."
            checked={s.data_collection_enabled}
            onCheckedChange={(v) => change.mutate({ data_collection_enabled: v })}
          />
        </div>
      </section>
      <section className={styles.section} aria-labelledby="safety-title">
        <h3 id="safety-title" className={styles.sectionTitle}>
          Safety
        </h3>
        <div className={styles.switches}>
          <Switch
            label="New Device Login Alerts"
            description="Get an email at your verified address when your account signs in from a device or network it has not used before."
            checked={s.login_alerts_enabled}
            disabled={!s.email}
            onCheckedChange={(v) => change.mutate({ login_alerts_enabled: v })}
          />
        </div>
        {!s.email && (
          <p className={styles.hint}>
            {ACCOUNT_TEXT.loginAlertsNeedEmail}{' '}
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => navigate('/settings/account/email', { replace: true })}
            >
              Add an email address
            </button>
          </p>
        )}
      </section>
    </div>
  );
}
