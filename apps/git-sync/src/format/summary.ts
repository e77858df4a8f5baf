/** One entry of a SUMMARY.md: a page (with a file, an external link, or neither) or a group heading. */
export interface SummaryEntry {
  kind: 'page' | 'group' | 'link';
  title: string;
  /** Path relative to the summary's directory, decoded, without its anchor; absent for an entry without a link. */
  href?: string;
  /** A group heading's HTML anchor id (`## Title <a href="#id" id="id"></a>`): GitBook's slug of the group. */
  anchor?: string;
  children: SummaryEntry[];
}

const ITEM = /^(\s*)[*+-]\s+(.*)$/;
const LINK = /^\[((?:\\.|[^\]\\])*)\]\(\s*(<[^>]*>|(?:\\.|[^()\s\\]|\([^()]*\))*)(?:\s+"[^"]*")?\s*\)\s*$/;
const GROUP = /^#{2,6}\s+(.*?)\s*#*\s*$/;

/**
 * Reads GitBook's SUMMARY.md: `##` headings open page groups, bullet items at any indentation
 * nest by their indentation, an item is `[title](href)`, a plain title (a page without a file)
 * or an external link. Markdown escapes in titles and hrefs are undone, `<href>` and
 * percent-encoding are decoded, anchors are dropped. Lines that are none of these are ignored.
 */
export function parseSummary(source: string): SummaryEntry[] {
  const root: SummaryEntry[] = [];
  let group: SummaryEntry | undefined;
  // Open items with their indentation: a deeper item nests under the last shallower one.
  let stack: Array<{ indent: number; entry: SummaryEntry }> = [];
  let inFence = false;
  for (const rawLine of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.replace(/\t/g, '    ');
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const heading = GROUP.exec(line);
    if (heading) {
      // GitBook writes a group's slug as an empty HTML anchor after its title.
      const anchor = /<a\s[^>]*\bid="([^"]+)"[^>]*>\s*<\/a>/i.exec(heading[1])?.[1];
      const text = heading[1].replace(/<a\s[^>]*>\s*<\/a>/gi, '').trim();
      group = { kind: 'group', title: unescapeMarkdown(stripInline(text)) || 'Untitled', ...(anchor ? { anchor } : {}), children: [] };
      root.push(group);
      stack = [];
      continue;
    }
    const item = ITEM.exec(line);
    if (!item) continue;
    const indent = item[1].length;
    const entry = entryOf(item[2].trim());
    if (!entry) continue;
    while (stack.length > 0 && stack[stack.length - 1].indent >= indent) stack.pop();
    const parent = stack[stack.length - 1]?.entry;
    (parent ? parent.children : group ? group.children : root).push(entry);
    stack.push({ indent, entry });
  }
  return root;
}

function entryOf(text: string): SummaryEntry | undefined {
  const link = LINK.exec(text);
  if (!link) {
    const title = unescapeMarkdown(stripInline(text));
    return title ? { kind: 'page', title, children: [] } : undefined;
  }
  const title = unescapeMarkdown(stripInline(link[1])) || 'Untitled';
  let href = link[2].trim();
  if (href.startsWith('<') && href.endsWith('>')) href = href.slice(1, -1);
  href = unescapeMarkdown(href);
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return { kind: 'link', title, href, children: [] };
  href = href.replace(/[#?].*$/, '');
  try {
    href = decodeURIComponent(href);
  } catch {
    // A stray % is a literal character.
  }
  href = href.replace(/^\.\//, '');
  return href ? { kind: 'page', title, href, children: [] } : { kind: 'page', title, children: [] };
}

/** Removes emphasis and code marks around a title (`**Intro**` → `Intro`). */
function stripInline(text: string): string {
  return text.replace(/^(\*\*|__|\*|_|`)(.+)\1$/, '$2').trim();
}

export function unescapeMarkdown(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}
