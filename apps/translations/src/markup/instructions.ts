// What a translation's `instructions` document says, read line by line (one line per block of
// text, so a paragraph or a list item each):
//   `term => translation` (or `->`, `→`): the term is always translated so;
//   `keep: term, term` (or `do not translate: …`): the terms are left as they are;
//   anything else is free guidance, which only an engine that reads prose (an LLM) is given.
import { TRANSLATION_INSTRUCTIONS_MAX_BYTES } from '@bindery/contracts';
import type { Glossary } from './inline-markup';

export interface Instructions {
  glossary: Glossary;
  guidance: string;
}

const FIXED = /^\s*["“]?(.+?)["”]?\s*(?:=>|->|→)\s*["“]?(.*?)["”]?\s*$/;
const KEEP = /^\s*(?:keep|do not translate|don't translate|never translate)\s*:\s*(.+)$/i;

/**
 * Why an `instructions` document is refused, or undefined. The gateway checks the same limit; this
 * is the service's own guard, for callers that reach it over NATS without the gateway.
 */
export function instructionsProblem(document: unknown): string | undefined {
  const bytes = Buffer.byteLength(JSON.stringify(document ?? null));
  if (bytes > TRANSLATION_INSTRUCTIONS_MAX_BYTES)
    return `instructions: must be at most ${TRANSLATION_INSTRUCTIONS_MAX_BYTES} bytes of JSON (this document is ${bytes})`;
  return undefined;
}

export function readInstructions(document: unknown): Instructions {
  const terms = new Map<string, string>();
  const guidance: string[] = [];
  for (const line of textLines(document)) {
    const keep = KEEP.exec(line);
    const fixed = keep ? null : FIXED.exec(line);
    if (keep) {
      for (const term of keep[1].split(',').map((t) => t.trim().replace(/^["“]|["”]$/g, ''))) if (term) terms.set(term, term);
    } else if (fixed && fixed[1].trim() !== '') {
      terms.set(fixed[1].trim(), fixed[2]);
    } else if (line.trim() !== '') {
      guidance.push(line.trim());
    }
  }
  return { glossary: { terms: [...terms].map(([term, to]) => ({ term, to })) }, guidance: guidance.join('\n') };
}

/** One line per block holding text, its leaves joined (code marks included: terms are often code). */
function textLines(document: unknown): string[] {
  const lines: string[] = [];
  const visit = (node: unknown): string => {
    if (!node || typeof node !== 'object') return '';
    const n = node as Record<string, unknown>;
    if (n.object === 'text')
      return ((n.leaves as Array<{ text?: unknown }>) ?? []).map((l) => (typeof l.text === 'string' ? l.text : '')).join('');
    const children: unknown[] = Array.isArray(n.nodes) ? (n.nodes as unknown[]) : [];
    if (n.object === 'inline') return children.map(visit).join('');
    const inline = children.length > 0 && children.every((c) => ['text', 'inline'].includes((c as { object?: string })?.object ?? ''));
    if (n.object === 'block' && inline) {
      lines.push(children.map(visit).join(''));
      return '';
    }
    for (const child of [...children, ...(Array.isArray(n.fragments) ? (n.fragments as unknown[]) : [])]) visit(child);
    return '';
  };
  visit(document);
  return lines;
}
