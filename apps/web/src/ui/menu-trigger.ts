/**
 * A handler of the element a menu opens from, after the element's own: as with Radix's triggers,
 * ours runs only if that one did not prevent the default.
 */
export function composeHandlers<E extends { defaultPrevented: boolean }>(
  own: ((event: E) => void) | undefined,
  ours: (event: E) => void,
): (event: E) => void {
  return (event) => {
    own?.(event);
    if (!event.defaultPrevented) ours(event);
  };
}
