/** True when an If-None-Match header lists `tag` (weak or strong) or is `*`. */
export function matchesEtag(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const value = raw.trim();
    return value === '*' || value.replace(/^W\//, '') === `"${tag}"`;
  });
}
