import { apiVersion, useApiVersionState } from '../../app/api-version';
import { useConfirm } from '../../ui';
import { Switch } from '../../ui/Switch';
import { API_VERSION_TEXT } from './texts';
import styles from '../settings/Settings.module.css';

/**
 * About's Developer Options and, while they are on, API Options (spec 3 §2): both switches are kept in
 * this browser. Turning the selector on asks first (the spec's warning on enabling).
 */
export function DeveloperOptions() {
  const state = useApiVersionState();
  const confirm = useConfirm();
  const onSelector = async (on: boolean) => {
    if (!on) return apiVersion.setShowApiSelector(false);
    const ok = await confirm({
      title: API_VERSION_TEXT.selectorWarningTitle,
      message: API_VERSION_TEXT.selectorWarning,
      confirmLabel: 'Enable',
      type: 'warning',
    });
    if (ok) apiVersion.setShowApiSelector(true);
  };
  return (
    <>
      <section className={styles.section} aria-labelledby="about-developer">
        <h3 id="about-developer" className={styles.sectionTitle}>
          Developer Options
        </h3>
        <div className={styles.switches}>
          <Switch
            label="Developer Options"
            description="Show options meant for developing and testing Hearth."
            checked={state.developerOptions}
            onCheckedChange={(on) => apiVersion.setDeveloperOptions(on)}
          />
        </div>
      </section>
      {state.developerOptions && (
        <section className={styles.section} aria-labelledby="about-api-options">
          <h3 id="about-api-options" className={styles.sectionTitle}>
            API Options
          </h3>
          <div className={styles.switches}>
            <Switch
              label="Show API version selector on the login screen"
              description={`The API in use: ${state.effective.toUpperCase()}. V1 is a compatibility mode without voice, privacy and device features.`}
              checked={state.showApiSelector}
              onCheckedChange={(on) => void onSelector(on)}
            />
          </div>
        </section>
      )}
    </>
  );
}
