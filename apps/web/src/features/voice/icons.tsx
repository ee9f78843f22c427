import { Icon, type IconProps } from '../../ui';

export const MicOffIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 9v3a3 3 0 0 0 5.1 2.1M15 9.3V5a3 3 0 0 0-5.9-.8" />
    <path d="M19 11a7 7 0 0 1-1.2 3.9M5 11a7 7 0 0 0 11.2 5.6M12 18v3M3 3l18 18" />
  </Icon>
);

export const MicIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="9" y="2" width="6" height="12" rx="3" />
    <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
  </Icon>
);

export const HeadphonesIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 18v-6a9 9 0 0 1 18 0v6" />
    <path d="M21 19a2 2 0 0 1-2 2h-1v-6h3ZM3 19a2 2 0 0 0 2 2h1v-6H3Z" />
  </Icon>
);

export const HeadphonesOffIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 18v-6a9 9 0 0 1 15.4-6.4M21 12v6" />
    <path d="M21 19a2 2 0 0 1-2 2h-1v-6h3ZM3 19a2 2 0 0 0 2 2h1v-6H3ZM3 3l18 18" />
  </Icon>
);

export const PhoneOffIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 15.5c5-4.7 13-4.7 18 0l-2.4 2.4-3.1-1.6v-2.6a11 11 0 0 0-7 0v2.6l-3.1 1.6Z" />
  </Icon>
);

/** Opens the Voice Settings tab. */
export const CogIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2v3M12 19v3M4.9 4.9 7 7M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1 7 17M17 7l2.1-2.1" />
  </Icon>
);

/** The voice panel's expand control: points up (the panel grows upwards from the sidebar's foot). */
export const ChevronUpIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m6 15 6-6 6 6" />
  </Icon>
);

/** Shows and hides the call banner's quick settings. */
export { SlidersIcon } from '../../ui/icons';
