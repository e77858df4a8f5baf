import {
  contentDatabase,
  createChangeRequest,
  createSpace,
  editContent,
  merge,
  newOrgAdmin,
  paragraph,
  spacePage,
} from './content-helpers';

/**
 * Page nodes, bodies and their link index are written as one JSON text parameter of already
 * serialised rows (`jsonRowsParam`), not as array parameters the driver escapes. Text full of what
 * escaping gets wrong (quotes, backslashes, an escape sequence written out, control and non-ASCII
 * characters) must be stored and read back exactly as sent.
 */
const TRICKY = 'He said "hi" \\ C:\\temp\\new \\"q\\" \\u0041 — naïve café ✓ 😀 \u2028 tab\t{"a":[1,"]"]} end\\';
const TRICKY_TITLE = 'Title "quoted" \\ back\\slash — ü ✓';
const TRICKY_URL = 'https://example.com/a"b\\c?q=ü&r=%22';

describe('content rows with quotes, backslashes and non-ASCII text', () => {
  it('stores a page title, body and link exactly as sent, and reads them back unchanged', async () => {
    const { client, orgId } = await newOrgAdmin('json-rows');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id, 'Tricky text');
    const link = {
      object: 'block',
      type: 'paragraph',
      key: 'l',
      data: {},
      nodes: [
        {
          object: 'inline',
          type: 'link',
          data: { ref: { kind: 'url', url: TRICKY_URL } },
          nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'link', marks: [] }] }],
        },
      ],
    };
    const created = await editContent(client, space.id, cr.id, [
      {
        operation: 'insert_page',
        title: TRICKY_TITLE,
        document: { document: { object: 'document', data: {}, nodes: [paragraph('p', TRICKY), link] } },
      },
    ]);
    const pageId = (created.changes[0].page as { id: string }).id;
    await merge(client, space.id, cr.id);

    const page = await spacePage(client, space.id, pageId);
    expect(page.title).toBe(TRICKY_TITLE);
    expect(page.document!.nodes[0].nodes[0].leaves[0].text).toBe(TRICKY);

    // The stored rows themselves (a snapshot in memory could answer the read above).
    const db = await contentDatabase();
    try {
      const nodes = await db.query<{ title: string; document: string }>(
        `SELECT node->'meta'->>'title' AS title, node->>'document' AS document FROM content.page_nodes WHERE node->>'id' = $1`,
        [pageId],
      );
      expect(nodes.rows.length).toBeGreaterThan(0);
      for (const node of nodes.rows) expect(node.title).toBe(TRICKY_TITLE);
      const stored = await db.query<{ text: string; refs: Array<{ kind: string; url?: string }> }>(
        `SELECT d.body->'nodes'->0->'nodes'->0->'leaves'->0->>'text' AS text, r.refs
           FROM content.documents d JOIN content.document_refs r ON r.hash = d.hash WHERE d.hash = $1`,
        [nodes.rows[0].document],
      );
      expect(stored.rows).toEqual([{ text: TRICKY, refs: [{ kind: 'url', url: TRICKY_URL }] }]);
    } finally {
      await db.end();
    }
  });
});
