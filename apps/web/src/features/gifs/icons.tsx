import { Icon, type IconProps } from '../../ui/icons';

export function HeartIcon({ filled, ...props }: IconProps & { filled?: boolean }) {
  return (
    <Icon {...props} fill={filled ? 'currentColor' : 'none'}>
      <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1L12 21l7.8-7.6 1-1a5.5 5.5 0 0 0 0-7.8Z" />
    </Icon>
  );
}

/** The composer's GIF button: the letters in a rounded frame, as chat apps draw it. */
export function GifIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="2" y="5" width="20" height="14" rx="3" />
      <text x="12" y="15.5" textAnchor="middle" fontSize="8" fontWeight="700" stroke="none" fill="currentColor">
        GIF
      </text>
    </Icon>
  );
}
