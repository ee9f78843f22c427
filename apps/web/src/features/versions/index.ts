export { VersionPrompts } from './VersionPrompts';
export { RUNNING_VERSION } from './app-version';
export { useVersionInfo } from './version-queries';
