/**
 * What a rail button shows for a group without an image: its first two characters. They are shown in
 * capitals by CSS, not upper-cased here, so the text stays a part of the button's name (the group's
 * name) for every alphabet, as WCAG's label-in-name asks ('ß'.toUpperCase() is 'SS', for one).
 */
export function groupInitials(name: string): string {
  return Array.from(name.trim()).slice(0, 2).join('');
}

const IMAGE_ADDRESS = /^(https?:\/\/|\/|data:image\/|blob:)/i;

/** The icon as an image address, or null when it is empty or short text (then initials show). */
export function groupIconUrl(icon: string | null | undefined): string | null {
  return icon && IMAGE_ADDRESS.test(icon) ? icon : null;
}
