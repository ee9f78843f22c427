import { apiVersion, useApiVersionState, type ApiVersion } from '../../app/api-version';
import { SelectField } from '../../ui';

const OPTIONS = [
  { value: 'v2', label: 'V2 (default)' },
  { value: 'v1', label: 'V1 (compatibility)' },
] as const;

/** The login screen's API version selector, shown when About → API Options turned it on. */
export function ApiVersionSelector() {
  const state = useApiVersionState();
  if (!state.showApiSelector) return null;
  return (
    <SelectField
      label="API Version"
      name="api-version"
      options={OPTIONS}
      value={state.chosen}
      onChange={(e) => apiVersion.choose(e.target.value as ApiVersion)}
    />
  );
}
