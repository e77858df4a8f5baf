/** Test support: predictable keys (`k1`, `k2`, ...), so two conversions can be compared as values. */
export function counterKeys(): () => string {
  let next = 0;
  return () => `k${++next}`;
}
