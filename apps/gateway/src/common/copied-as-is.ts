/** Keys the full pipe never copies: Nest's ValidationPipe deletes `__proto__`, `prototype` and `constructor`, and class-transformer skips every name of Object.prototype. */
const DROPPED_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/**
 * Whether the full pipe would give a free-form JSON value (a property without `@Type()`, such as a
 * page's `document`) back with the same content: nothing but plain objects, arrays without gaps,
 * strings, numbers, booleans and nulls, and no key that Nest's pipe deletes or class-transformer
 * skips when it copies the value key by key. Such a value can be kept as it is instead of copied.
 * Iterative, so no input nests deep enough to overflow the stack.
 */
export function copiedAsIs(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === null || typeof current === 'string' || typeof current === 'number' || typeof current === 'boolean') continue;
    if (typeof current !== 'object') return false;
    if (Array.isArray(current)) {
      if (Object.getPrototypeOf(current) !== Array.prototype) return false;
      // A gap reads as undefined, which is refused: the pipe closes gaps.
      for (let i = 0; i < current.length; i++) pending.push(current[i]);
      continue;
    }
    if (Object.getPrototypeOf(current) !== Object.prototype) return false;
    for (const key of Object.keys(current)) {
      if (DROPPED_KEYS.has(key)) return false;
      pending.push((current as Record<string, unknown>)[key]);
    }
  }
  return true;
}
