const AVATAR_COLOUR_COUNT = 8;

/** Up to the first two characters of the name, upper-cased; '?' for an empty name. */
export function avatarInitials(name: string): string {
  return Array.from(name.trim()).slice(0, 2).join('').toUpperCase() || '?';
}

/** A stable pick among --avatar-1..8, so a user keeps the same colour everywhere. */
export function avatarColour(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return `var(--avatar-${(hash % AVATAR_COLOUR_COUNT) + 1})`;
}
