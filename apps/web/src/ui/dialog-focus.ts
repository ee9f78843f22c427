import { useLayoutEffect, useRef } from 'react';

/**
 * Where focus goes when a dialog opens and closes; on close, back to what opened it. Radix returns
 * focus to a Dialog.Trigger, but our dialogs are opened by state, often from a menu choice: by the
 * time the dialog opens, focus sits on a menu item that is about to disappear, so on close it would
 * fall to the page body. Menus therefore note the control that opened them when a choice is made,
 * and a dialog opening right then takes that control as its opener.
 */
let fromMenu: HTMLElement | null = null;

/** A menu calls this as one of its items is chosen, with the control the menu was opened from. */
export function noteMenuOpener(element: HTMLElement | null): void {
  fromMenu = element;
  // A choice that opens no dialog must not hand its opener to a later, unrelated dialog. A dialog
  // opened by the choice renders before this (Radix runs item choices inside flushSync).
  setTimeout(() => {
    if (fromMenu === element) fromMenu = null;
  }, 0);
}

/**
 * While a menu item's choice runs: the control the menu was opened from (the message, its actions
 * button), for what the choice opens beside it rather than beside the vanishing item.
 */
export const choosingFromMenu = (): HTMLElement | null => fromMenu;

/** The control a dialog opening now should return focus to: the menu's opener, else what has focus. */
function takeDialogOpener(): HTMLElement | null {
  const noted = fromMenu;
  fromMenu = null;
  if (noted) return noted;
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * A full-screen panel opened by an address (Settings, the Admin Panel) is loaded on first use, so it
 * may mount long after the menu choice or button press that asked for it: the control that did is
 * noted here, as the navigation is asked for, and kept until the panel takes it.
 */
let forScreen: HTMLElement | null = null;

/** Call as a control navigates to a full-screen panel: the menu's opener, else what has focus. */
export function noteScreenOpener(): void {
  const active = document.activeElement;
  forScreen = fromMenu ?? (active instanceof HTMLElement && active !== document.body ? active : null);
}

/**
 * The close handler of a full-screen panel's Dialog.Content: focus goes back to the control that
 * opened it (noted by noteScreenOpener, else what had focus as it mounted: a settings link), not to
 * the page body. Opened by typing its address, it has no opener, and Radix's default applies.
 */
export function useScreenFocus(): Pick<DialogFocus, 'onCloseAutoFocus'> {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const active = document.activeElement;
    opener.current = forScreen ?? (active instanceof HTMLElement && active !== document.body ? active : null);
    forScreen = null;
  }, []);
  return {
    onCloseAutoFocus: (event: Event) => {
      if (!opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
}

/** The element with focus if it lies inside `container`, else the container itself. */
export function focusedWithin(container: HTMLElement | null): HTMLElement | null {
  const active = document.activeElement;
  return container && active instanceof HTMLElement && container.contains(active) ? active : container;
}

export interface DialogFocus {
  onOpenAutoFocus(event: Event): void;
  onCloseAutoFocus(event: Event): void;
}

const FIELDS = 'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled)';

/** Radix Dialog.Content's focus handlers for a dialog opened by state (it has no Dialog.Trigger). */
export function useDialogFocus(open: boolean): DialogFocus {
  const opener = useRef<HTMLElement | null>(null);
  // Noted before Radix moves focus into the dialog (its focus scope does that in a later effect).
  useLayoutEffect(() => {
    if (open) opener.current = takeDialogOpener();
  }, [open]);

  return {
    // A form dialog starts in its first field. Its autoFocus alone is not enough: when a menu choice
    // opened the dialog, the menu still traps focus at that moment and takes it back. Without a
    // field, Radix's default applies (the first button).
    onOpenAutoFocus: (event: Event) => {
      const field = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(FIELDS);
      if (!field) return;
      event.preventDefault();
      field.focus();
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      if (opener.current?.isConnected) opener.current.focus();
      opener.current = null;
    },
  };
}
