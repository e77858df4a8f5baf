import { ProcessingError } from './processing-error';

/** JSON pointer tokens of `#/a/b~1c` (RFC 6901). */
const tokens = (pointer: string): string[] =>
  pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter((t) => t !== '')
    .map((t) => safeDecode(t).replace(/~1/g, '/').replace(/~0/g, '~'));

/** A `%` that starts no escape is taken as it is (a pointer is caller input, not a checked URI). */
function safeDecode(token: string): string {
  try {
    return decodeURIComponent(token);
  } catch {
    return token;
  }
}

/** What an internal pointer (`#/components/schemas/A`) names in the document, or undefined. */
export function resolvePointer(root: unknown, pointer: string): unknown {
  let node = root;
  for (const token of tokens(pointer)) {
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, token)) return undefined;
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
 * content of its own) is fine and not reported. Linear: the tree is walked once, iteratively (no
 * stack to overflow), and each distinct `$ref` is followed once; chains already known to end in a
 * document are not followed again.
 */
export function checkRefCycles(document: unknown): void {
  const ending = new Set<string>();
  const follow = (start: string): void => {
    const chain = [start];
    const onChain = new Set(chain);
    for (let ref = start; ; ) {
      const next = refOf(resolvePointer(document, ref));
      if (next === undefined || ending.has(next)) break;
      if (onChain.has(next)) throw ProcessingError.parse(`a $ref cycle with no document behind it: ${[...chain, next].join(' → ')}`);
      chain.push(next);
      onChain.add(next);
      ref = next;
    }
    for (const ref of chain) ending.add(ref);
  };
  const seen = new Set<unknown>();
  const stack: unknown[] = [document];
  while (stack.length) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    const ref = refOf(node);
    if (ref !== undefined && !ending.has(ref)) follow(ref);
    for (const value of Object.values(node)) if (value !== null && typeof value === 'object') stack.push(value);
  }
}
