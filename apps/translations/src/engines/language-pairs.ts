/** An engine's installed one-way language pairs, as a graph to chain them through pivot languages. */
export interface LanguagePair {
  from: string;
  to: string;
}

/**
 * The shortest chain of installed pairs from `from` to `to` (breadth-first, so the fewest hops:
 * each hop costs a full translation and loses some quality), or undefined when none reaches it.
 * Ties go to the pair listed first, so a given installation always picks the same route.
 */
export function shortestRoute(pairs: LanguagePair[], from: string, to: string): LanguagePair[] | undefined {
  if (from === to) return [];
  const next = new Map<string, string[]>();
  for (const pair of pairs) next.set(pair.from, [...(next.get(pair.from) ?? []), pair.to]);
  const cameFrom = new Map<string, string>([[from, from]]);
  let frontier = [from];
  while (frontier.length > 0 && !cameFrom.has(to)) {
    const following: string[] = [];
    for (const language of frontier) {
      for (const target of next.get(language) ?? []) {
        if (cameFrom.has(target)) continue;
        cameFrom.set(target, language);
        following.push(target);
      }
    }
    frontier = following;
  }
  if (!cameFrom.has(to)) return undefined;
  const route: LanguagePair[] = [];
  for (let at = to; at !== from; at = cameFrom.get(at)!) route.unshift({ from: cameFrom.get(at)!, to: at });
  return route;
}
