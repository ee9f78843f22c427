/** Joins the truthy class names, so optional modifiers can be written inline. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
