import { useIsNarrow } from '../../app/useIsNarrow';
import { Icon, type IconProps } from '../../ui';
import { installPrompt } from './install-prompt';
import { useInstallPrompt } from './useInstallPrompt';

const DownloadIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </Icon>
);

/**
 * Download Desktop App (spec 2 §2). There is no desktop shell; the app installs from the browser as a
 * window of its own, so the button opens the browser's install dialog. It shows only while the browser
 * offers that (Chromium-based browsers, after their own checks), never in the installed app, and not in
 * the phone layout (spec: hidden on mobile). Where the browser offers nothing (Firefox, Safari) it stays
 * hidden rather than being a button that cannot do anything.
 */
export function InstallAppButton({ className }: { className: string }) {
  const { canInstall } = useInstallPrompt();
  const narrow = useIsNarrow();
  if (!canInstall || narrow) return null;
  return (
    <button
      type="button"
      className={className}
      aria-label="Download Desktop App"
      title="Download Desktop App"
      onClick={() => void installPrompt.install()}
    >
      <DownloadIcon size={22} />
    </button>
  );
}
