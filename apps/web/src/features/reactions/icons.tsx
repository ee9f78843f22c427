import { Icon, type IconProps } from '../../ui';

/** A smiling face with a plus: add a reaction. */
export const AddReactionIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M21 12a9 9 0 1 1-9-9" />
    <path d="M8 14s1.5 2 4 2 4-2 4-2M9 9h.01M15 9h.01M19 2v6M16 5h6" />
  </Icon>
);
