/** LIKE/ILIKE treat `%`, `_` and `\` as wildcards/escape: this makes user text match literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** The pattern of "contains this text" for LIKE/ILIKE, or null for an empty search. */
export function containsPattern(text: string | undefined | null): string | null {
  const term = text?.trim();
  return term ? `%${escapeLike(term)}%` : null;
}
