import { ProcessingError } from './processing-error';

/** JSON pointer tokens of `#/a/b~1c` (RFC 6901). */
const tokens = (pointer: string): string[] =>
  pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter((t) => t !== '')
    .map((t) => decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~'));

function resolve(root: unknown, pointer: string): unknown {
  let node = root;
  for (const token of tokens(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

const refOf = (node: unknown): string | undefined => {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const ref = (node as { $ref?: unknown }).$ref;
  return typeof ref === 'string' && ref.startsWith('#') ? ref : undefined;
};

/**
 * Refuses `$ref`s that only lead to each other (A is "see B", B is "see A"): no document is behind
 * them, and tools following them loop. A recursive schema (a `$ref` inside an object that has
 * content of its own) is fine and not reported.
 */
export function checkRefCycles(document: unknown): void {
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const start = refOf(node);
    if (start) {
      const chain = [start];
      for (let ref: string | undefined = start; ref; ) {
        const next = refOf(resolve(document, ref));
        if (next === undefined) break;
        if (chain.includes(next)) throw ProcessingError.parse(`a $ref cycle with no document behind it: ${[...chain, next].join(' → ')}`);
        chain.push(next);
        ref = next;
      }
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(document);
}
