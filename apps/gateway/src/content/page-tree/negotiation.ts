/** True when an If-None-Match header lists `tag` (weak or strong) or is `*`. */
export function matchesEtag(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const value = raw.trim();
    return value === '*' || value.replace(/^W\//, '') === `"${tag}"`;
  });
}

/** True when an Accept-Encoding header accepts gzip (`gzip` or `*`, with a non-zero q). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const [coding, ...params] = raw.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
