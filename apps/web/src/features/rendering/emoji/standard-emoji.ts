/**
 * The standard emoji by shortcode, from emojibase-data: the GitHub shortcode set (the names people
 * know from GitHub and Slack) mapped through the compact data to the characters. Imported only
 * through a dynamic import, so this data (about 100 KB compressed) is a chunk of its own that is
 * fetched the first time a message has a shortcode, never with the app.
 */
export async function loadStandardEmoji(): Promise<Map<string, string>> {
  const [{ default: emojis }, { default: shortcodes }] = await Promise.all([
    import('emojibase-data/en/compact.json'),
    import('emojibase-data/en/shortcodes/github.json'),
  ]);
  const byHexcode = new Map<string, string>();
  for (const emoji of emojis) byHexcode.set(emoji.hexcode, emoji.unicode);
  const byName = new Map<string, string>();
  for (const [hexcode, names] of Object.entries(shortcodes)) {
    const unicode = byHexcode.get(hexcode);
    if (unicode === undefined) continue;
    for (const name of Array.isArray(names) ? names : [names]) byName.set(name, unicode);
  }
  return byName;
}
