// The label GitBook gives a link to a file or folder of the repository: its name.

/**
 * The name GitBook writes as the text of a link to a page or file (a mention, a card's target):
 * the last segment of its path, `guides/setup.md` → `setup.md`, `guides/` → `guides`.
 */
export function pathLabel(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  const path = url.replace(/[?#].*$/, '').replace(/\/+$/, '');
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (!name || name === '.' || name === '..') return url;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
