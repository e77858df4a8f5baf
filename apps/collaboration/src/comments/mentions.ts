/** Mentions written `@<userId>`: an `@` not preceded by a word character, then an entity id. */
const MENTION = /(?<![\w@])@([A-Za-z0-9_-]{1,64})/g;

/** Mentioned user ids checked against the organization per body (identity's `list-among` limit). */
export const MAX_MENTIONS_PER_BODY = 100;

/** The distinct candidate user ids a Markdown body mentions, in order, at most MAX_MENTIONS_PER_BODY. */
export function mentionedIds(markdown: string): string[] {
  const ids = new Set<string>();
  for (const match of markdown.matchAll(MENTION)) {
    ids.add(match[1]);
    if (ids.size >= MAX_MENTIONS_PER_BODY) break;
  }
  return [...ids];
}
