// Engines carry the light HTML's tags along with the words they wrap (see inline-markup.ts), but
// not always faithfully: Apertium drops a tag whose words it reorders or merges, empties one whose
// word it leaves out, or moves a tag out of the link it was in. A translation whose tags do not
// match its source's exactly is translated again piece by piece (the text between tags on its
// own), which keeps every mark, link and kept placeholder where the source had it.
import { countWords, unescapeHtml } from './inline-markup';

const TAG = /<(span|a)\s+data-m="(\d+)"\s*>|<\/(span|a)\s*>|<img\s+data-x="(\d+)"\s*\/?>/g;

interface TagOutline {
  /** Each wrapper's tag and enclosing wrapper (-1 at the top), by index. */
  parents: Map<number, string>;
  /** Wrappers with no text inside (a mark on nothing is lost when read back). */
  empty: Set<number>;
  kept: number[];
  balanced: boolean;
}

function outline(markup: string): TagOutline {
  const result: TagOutline = { parents: new Map(), empty: new Set(), kept: [], balanced: true };
  const stack: Array<{ tag: string; index: number; text: boolean }> = [];
  let last = 0;
  const sawText = (text: string) => {
    if (unescapeHtml(text).trim() !== '') for (const open of stack) open.text = true;
  };
  for (const match of markup.matchAll(TAG)) {
    sawText(markup.slice(last, match.index));
    last = match.index + match[0].length;
    const [, openTag, openIndex, closeTag, keptIndex] = match;
    if (openTag !== undefined) {
      const index = Number(openIndex);
      // Opened twice: the engine duplicated a wrapper.
      if (result.parents.has(index)) result.balanced = false;
      result.parents.set(index, `${openTag}:${stack.length > 0 ? stack[stack.length - 1].index : -1}`);
      stack.push({ tag: openTag, index, text: false });
    } else if (closeTag !== undefined) {
      const open = stack.pop();
      if (!open || open.tag !== closeTag) result.balanced = false;
      else if (!open.text) result.empty.add(open.index);
    } else {
      result.kept.push(Number(keptIndex));
      for (const open of stack) open.text = true;
    }
  }
  sawText(markup.slice(last));
  if (stack.length > 0) result.balanced = false;
  return result;
}

/** Whether `translated` has the same wrappers (nested alike, none empty) and placeholders as `source`. */
export function tagsIntact(source: string, translated: string): boolean {
  const a = outline(source);
  const b = outline(translated);
  if (!b.balanced || a.parents.size !== b.parents.size) return false;
  for (const index of b.empty) if (!a.empty.has(index)) return false;
  for (const [index, parent] of a.parents) if (b.parents.get(index) !== parent) return false;
  return [...a.kept].sort().join() === [...b.kept].sort().join();
}

export interface TextPieces {
  /** The text between tags that has words, each to translate on its own. */
  texts: string[];
  /** The source markup with each text replaced by its translation, tags untouched. */
  join(translated: string[]): string;
}

/** The source markup cut at its tags. */
export function textPieces(markup: string): TextPieces {
  const parts: Array<{ tag: string } | { text: string }> = [];
  let last = 0;
  for (const match of markup.matchAll(TAG)) {
    if (match.index > last) parts.push({ text: markup.slice(last, match.index) });
    parts.push({ tag: match[0] });
    last = match.index + match[0].length;
  }
  if (last < markup.length) parts.push({ text: markup.slice(last) });
  const texts = parts.flatMap((part) => ('text' in part && countWords(unescapeHtml(part.text)) > 0 ? [part.text] : []));
  return {
    texts,
    join(translated) {
      let next = 0;
      return parts
        .map((part) => {
          if ('tag' in part) return part.tag;
          if (countWords(unescapeHtml(part.text)) === 0) return part.text;
          const out = (translated[next++] ?? '').trim();
          // Keep the source's spacing around the piece; a piece the engine emptied stays as it was.
          if (out === '') return part.text;
          return `${/^\s*/.exec(part.text)![0]}${out}${/\s*$/.exec(part.text)![0]}`;
        })
        .join('');
    },
  };
}
