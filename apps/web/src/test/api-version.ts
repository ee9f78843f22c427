import { onTestFinished } from 'vitest';
import { API_VERSION_KEYS, apiVersion, type ApiVersion } from '../app/api-version';

/**
 * Puts this tab on `version`, as the login screen's selector would (the choice counts only while the
 * selector is shown), until the test ends: the store is back to v2 for the next one.
 */
export function setApiVersion(version: ApiVersion): void {
  localStorage.setItem(API_VERSION_KEYS.developerOptions, 'true');
  localStorage.setItem(API_VERSION_KEYS.showApiSelector, 'true');
  localStorage.setItem(API_VERSION_KEYS.apiVersion, version);
  apiVersion.reload();
  onTestFinished(() => {
    for (const key of Object.values(API_VERSION_KEYS)) localStorage.removeItem(key);
    apiVersion.reload();
  });
}
