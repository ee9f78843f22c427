import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrivacySettings } from '@hearth/protocol';
import { useServices } from '../../app/services';
import { Spinner, useToast } from '../../ui';
import { Switch } from '../../ui/Switch';
import { failureText } from './form-result';
import styles from './Settings.module.css';

const KEY = ['privacy', 'settings'] as const;

const AUDIENCES: { value: PrivacySettings['friend_request_privacy']; label: string }[] = [
  { value: 'anyone', label: 'Everyone' },
  { value: 'friends_of_friends', label: 'Friends of friends' },
  { value: 'none', label: 'No one' },
];

/** The Privacy section of Privacy & Safety (spec 3 §2): each change saved at once. The Safety section comes with the account settings. */
export function PrivacyTab() {
  const { http } = useServices();
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
      </section>
    </div>
  );
}
