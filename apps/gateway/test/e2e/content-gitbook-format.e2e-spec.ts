import { type ApiClient, expectOperation } from '@bindery/testing';
import { createChangeRequest, createSpace, editContent, newOrgAdmin, type PageBody } from './content-helpers';

// GitBook's format beyond CommonMark (issue #13): a page written in it through the public API is
// stored as the official blocks and marks (schema-checked by expectOperation), not as literal text,
// and is read back as Markdown in the same form. Each construct's rules are unit-tested in
// libs/document (gitbook-format.spec.ts); this checks the path through the services.
const SOURCE = [
  '## Install <a href="#install" id="install"></a>',
  '',
  'Press <kbd>Ctrl</kbd> and read <mark style="color:red;">this</mark>: https://example.com/docs',
  '',
  '{% stepper %}',
  '{% step %}',
  '```bash',
  'npm install',
  '```',
  '{% endstep %}',
  '{% endstepper %}',
  '',
  '<table><thead><tr><th>Name</th><th>Notes</th></tr></thead><tbody><tr><td><strong>id</strong></td><td>one<br>two</td></tr></tbody></table>',
  '',
  '{% hint style="info" %}',
  'Before',
  '',
  '```js',
  'run();',
  '```',
  '{% endhint %}',
  '',
  '{% if visitor.claims.plan == "pro" %}',
  'Pro only',
  '{% endif %}',
  '',
].join('\n');

interface Block {
  type: string;
  data?: Record<string, unknown>;
  nodes?: Block[];
  leaves?: Array<{ text: string; marks: Array<{ type: string }> }>;
}

const page = async (client: ApiClient, spaceId: string, crId: string, pageId: string, format: string): Promise<PageBody> =>
  expectOperation<PageBody>(
    await client.get(`/v1/spaces/${spaceId}/change-requests/${crId}/content/page/${pageId}?format=${format}`),
    'getPageInChangeRequestById',
    200,
  );

describe('content: the GitBook Markdown format', () => {
  it('stores GitBook constructs as official blocks and marks and reads them back as the same Markdown', async () => {
    const { client, orgId } = await newOrgAdmin('gbformat');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id);
    await editContent(client, space.id, cr.id, [{ operation: 'insert_page', title: 'Format', document: { markdown: SOURCE } }]);
    const { pages } = expectOperation<{ pages: PageBody[] }>(
      await client.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/pages`),
      'listPagesInChangeRequest',
      200,
    );
    const pageId = pages.find((candidate) => candidate.title === 'Format')!.id;

    const stored = await page(client, space.id, cr.id, pageId, 'document');
    const nodes = (stored.document as unknown as { nodes: Block[] }).nodes;
    expect(nodes.map((block) => block.type)).toEqual(['heading-1', 'paragraph', 'stepper', 'table', 'hint', 'code', 'if']);
    expect(nodes[0].data).toEqual({ id: 'install' });
    const marks = (nodes[1].nodes ?? []).flatMap((node) => node.leaves ?? []).flatMap((leaf) => leaf.marks.map((mark) => mark.type));
    expect(marks).toEqual(expect.arrayContaining(['keyboard', 'color']));
    expect(nodes[2].nodes?.[0].nodes?.map((block) => block.type)).toEqual(['code']);
    expect(nodes[6].data).toEqual({ expression: 'visitor.claims.plan == "pro"' });
    // Nothing of the source is left as literal tags in the text.
    expect(JSON.stringify(nodes)).not.toMatch(/\{%|<table|<kbd|<mark/);

    const markdown = (await page(client, space.id, cr.id, pageId, 'markdown')).markdown ?? '';
    expect(markdown).toContain('## Install <a href="#install" id="install"></a>');
    expect(markdown).toContain('Press <kbd>Ctrl</kbd> and read <mark style="color:red;">this</mark>: https://example.com/docs');
    expect(markdown).toContain('{% stepper %}\n{% step %}\n```bash\nnpm install\n```\n{% endstep %}\n{% endstepper %}');
    expect(markdown).toContain('{% if visitor.claims.plan == "pro" %}\nPro only\n{% endif %}');
  });
});
