import { Icon, type IconProps } from '../../ui';

/** A push pin: Pin Message, the header's pinned messages, the system line of a pin. */
export const PinIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 4h6l-1 6 3 3v2H7v-2l3-3-1-6Z" />
    <path d="M12 15v6" />
  </Icon>
);
