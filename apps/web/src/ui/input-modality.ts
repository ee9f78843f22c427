let keyboard = false;
let tracking = false;

const onPointer = () => {
  keyboard = false;
};
const onKey = () => {
  keyboard = true;
  // As Radix's menus do: the next pointer press or move ends keyboard use.
  document.addEventListener('pointerdown', onPointer, { capture: true, once: true });
  document.addEventListener('pointermove', onPointer, { capture: true, once: true });
};

/**
 * Starts noting whether the keyboard or a pointer was used last (once for the page). A Radix menu
 * notes this itself from the moment it mounts; ours mount with their code, which may arrive after
 * the key that opened them, so the note must be older than any menu.
 */
export function trackInputModality(): void {
  if (tracking) return;
  tracking = true;
  document.addEventListener('keydown', onKey, { capture: true });
}

/** The last input was a key (no pointer press or move since). */
export const usingKeyboard = () => keyboard;
