import { useQueryClient } from '@tanstack/react-query';
import type { RecalculateStorageAnswer } from '@hearth/protocol';
import { ACCOUNT_TEXT, storageLevel, storageRecalculatedText } from '@hearth/protocol/account-rules';
import { useServices } from '../../../app/services';
import { Button, Spinner } from '../../../ui';
import { Banner } from '../Banner';
import { useSaver } from '../useSaver';
import { accountKeys, useStorageInfo } from './account-queries';
import settings from '../Settings.module.css';
import styles from './Account.module.css';

/**
 * Storage usage (spec 3 §2): used and limit, a bar (warning above 75 %, danger above 90 %) and
 * Recalculate, which recounts the user's files and says what changed.
 */
export function StorageSection() {
  const { http } = useServices();
  const qc = useQueryClient();
  const storage = useStorageInfo();
  const saver = useSaver();
  const recalculate = () =>
    saver.run(async () => {
      const answer = await http.post<RecalculateStorageAnswer>('/admin/recalculate-my-storage');
      await qc.invalidateQueries({ queryKey: accountKeys.storage });
      return storageRecalculatedText(answer.old_usage_formatted, answer.actual_usage_formatted);
    }, ACCOUNT_TEXT.recalculateFailed);

  const s = storage.data;
  return (
    <section className={settings.section} aria-labelledby="account-storage-title">
      <h3 id="account-storage-title" className={settings.sectionTitle}>
        Storage
      </h3>
      {s ? (
        <>
          <p className={styles.storageLine}>
            <span>
              {s.used_formatted} of {s.limit_formatted} used
            </span>
            <span>{s.percentage}%</span>
          </p>
          <div
            className={styles.bar}
            role="progressbar"
            aria-label="Storage used"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.min(100, s.percentage)}
            aria-valuetext={`${s.used_formatted} of ${s.limit_formatted} (${s.percentage}%)`}
            data-level={storageLevel(s.percentage)}
          >
            <div className={styles.fill} style={{ width: `${Math.min(100, s.percentage)}%` }} />
          </div>
          <p className={settings.hint}>
            Pictures, attachments, custom emoji and GIFs count. {s.available_formatted} left.
          </p>
        </>
      ) : storage.isLoading ? (
        <Spinner size={20} label="Loading storage" />
      ) : (
        <p className={settings.hint}>Failed to load storage usage</p>
      )}
      <Button variant="secondary" disabled={saver.busy} onClick={() => void recalculate()}>
        {saver.busy ? 'Recalculating...' : 'Recalculate'}
      </Button>
      <Banner outcome={saver.outcome} />
    </section>
  );
}
