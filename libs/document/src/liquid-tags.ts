// Reads and writes the tags of one Liquid line (`{% hint style="info" %}`). The line is already
// isolated by the micromark construct, so this only splits that one line into tags and the text
// between them (GitBook writes `{% content-ref url="…" %}[…](…){% endcontent-ref %}` on one line).

export interface TagSegment {
  kind: 'tag';
  name: string;
  attributes: Record<string, string>;
  /** Everything after the name, trimmed: the expression of `{% if a == 'b' %}`, the path of `{% include "x.md" %}`. */
  argument: string;
  raw: string;
}

export interface TextSegment {
  kind: 'text';
  value: string;
}

export type LiquidSegment = TagSegment | TextSegment;

// A name (or an integration block's `@integration/block`), then anything up to the first `%}`
// (attributes, or an expression such as `if a == "b"`).
const TAG = /\{%-?\s*([A-Za-z][\w-]*|@[\w-]+\/[\w-]+)((?:\s(?:[^%]|%(?!\}))*?)?)\s*-?%\}/g;
const ATTRIBUTE = /([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'%]+))/g;

export function splitLiquidLine(line: string): LiquidSegment[] {
  const segments: LiquidSegment[] = [];
  let position = 0;
  for (const match of line.matchAll(TAG)) {
    const text = line.slice(position, match.index);
    if (text.trim()) segments.push({ kind: 'text', value: text });
    segments.push({
      kind: 'tag',
      name: match[1],
      attributes: parseAttributes(match[2]),
      argument: match[2].trim().replace(/-$/, '').trim(),
      raw: match[0],
    });
    position = match.index + match[0].length;
  }
  const rest = line.slice(position);
  if (rest.trim()) segments.push({ kind: 'text', value: rest });
  return segments;
}

function parseAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(ATTRIBUTE)) attributes[match[1]] = match[2] ?? match[3] ?? match[4];
  return attributes;
}

/** `{% name a="1" %}`; a value holding a double quote is written in single quotes (Liquid has no escapes). */
export function formatTag(name: string, attributes: Record<string, string | undefined> = {}): string {
  const parts = [name];
  for (const [attribute, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    parts.push(value.includes('"') ? `${attribute}='${value}'` : `${attribute}="${value}"`);
  }
  return `{% ${parts.join(' ')} %}`;
}
