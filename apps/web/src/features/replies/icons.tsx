import { Icon, type IconProps } from '../../ui';

/** An arrow turning back: the Reply action. */
export const ReplyIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
  </Icon>
);

/** The reply's line from the original down to the reply, drawn before the preview. */
export const ReplyLineIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 20V12a4 4 0 0 1 4-4h10" />
  </Icon>
);

export const AttachmentIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M21 11.5 12.5 20a5.5 5.5 0 0 1-7.8-7.8l8.5-8.5a3.7 3.7 0 0 1 5.2 5.2l-8.5 8.5a1.8 1.8 0 0 1-2.6-2.6L15 7" />
  </Icon>
);
