import { type Document, markdownToDocument } from '@bindery/document';
import { readerMarkdown, withoutLiquid } from './reader-markdown';

/** A document whose links named `page:<id>` / `file:<id>` are references to that page or file. */
function documentOf(markdown: string): Document {
  const document = markdownToDocument(markdown);
  const visit = (node: unknown): void => {
    const n = node as { type?: string; data?: { ref?: { kind: string; url?: string } }; nodes?: unknown[] };
    const url = n.data?.ref?.kind === 'url' ? n.data.ref.url : undefined;
    const [kind, id] = url?.split(':') ?? [];
    if (n.data && (kind === 'page' || kind === 'file')) n.data.ref = { kind, [kind]: id };
    (n.nodes ?? []).forEach(visit);
  };
  document.nodes.forEach(visit);
  return document;
}

const links = {
  page: (id: string) => (id === 'p2' ? '/docs/guides/install.md' : undefined),
  file: (id: string) => (id === 'f1' ? 'https://files.example.com/f1.pdf' : undefined),
};

describe('the Markdown view', () => {
  it('keeps links to other pages and files, and leaves no Liquid tag outside code', () => {
    const markdown = readerMarkdown(
      documentOf(
        [
          'See [the install guide](page:p2), [the sheet](file:f1) and [gone](page:nope).',
          '',
          '{% hint style="warning" %}',
          'Back up first.',
          '{% endhint %}',
          '',
          '{% tabs %}',
          '{% tab title="npm" %}',
          'Run npm.',
          '{% endtab %}',
          '{% endtabs %}',
          '',
          '```liquid',
          '{% raw %}{{ page.title }}{% endraw %}',
          '```',
        ].join('\n'),
      ),
      { claims: {} },
      links,
    );
    expect(markdown).toContain('[the install guide](/docs/guides/install.md)');
    expect(markdown).toContain('[the sheet](https://files.example.com/f1.pdf)');
    expect(markdown).toContain('gone');
    expect(markdown).toContain('**Warning:**');
    expect(markdown).toContain('**npm**');
    expect(markdown).toContain('Back up first.');
    // Only the fenced code still holds `{%`.
    const outsideCode = markdown.replace(/```liquid[\s\S]*?```/, '');
    expect(outsideCode).not.toMatch(/\{%/);
    expect(markdown).toContain('{% raw %}{{ page.title }}{% endraw %}');
  });

  it('writes embeds and files as links; inline code keeps its text', () => {
    expect(withoutLiquid('{% embed url="https://youtu.be/x" %}\n\nUse `{% if %}` here.')).toBe(
      '<https://youtu.be/x>\n\nUse `{% if %}` here.',
    );
  });
});
