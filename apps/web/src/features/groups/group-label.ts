/** What a rail button shows for a group: its icon when that is an image address, else two letters. */
export function groupInitials(name: string): string {
  return name.trim().slice(0, 2).toUpperCase();
}

const IMAGE_ADDRESS = /^(https?:\/\/|\/|data:image\/|blob:)/i;

/** The icon as an image address, or null when it is empty or short text (then initials show). */
export function groupIconUrl(icon: string | null | undefined): string | null {
  return icon && IMAGE_ADDRESS.test(icon) ? icon : null;
}
