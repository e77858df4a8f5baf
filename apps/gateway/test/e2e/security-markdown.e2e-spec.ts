import { expectError, expectOperation } from '@bindery/testing';
import { createChangeRequest, createSpace, newOrgAdmin, type SpaceBody } from './content-helpers';

// Hostile page bodies: parsing must not stop the content service for everyone, and bad bodies are
// a 400 naming the field, never a 500.
describe('security: Markdown and Document bodies', () => {
  const insertPage = (document: unknown) => ({ changes: [{ operation: 'insert_page', title: 'P', document }] });

  it('answers the quadratic-emphasis attack with a 400 or a fast success while others are served', async () => {
    const { client, orgId } = await newOrgAdmin('mdattack');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id);
    const other = await newOrgAdmin('mdbystander');
    const otherSpace = await createSpace(other.client, other.orgId);

    let attackAnswered = false;
    const attack = client
      .post(
        `/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`,
        insertPage({ markdown: '*a'.repeat(50_000) + '['.repeat(50_000) }),
      )
      .finally(() => (attackAnswered = true));
    // Another organization's request, sent while the attack is being parsed, is answered.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expectOperation<SpaceBody>(await other.client.get(`/v1/spaces/${otherSpace.id}`), 'getSpaceById', 200);
    const bystanderFirst = !attackAnswered;

    const response = await attack;
    // Before: ~87 s at 100 % CPU, every request of every organization a 503. Now the parse either
    // finishes or is cut off at its budget with a 400; when cut off, the bystander (sent while it
    // ran) came back first, so the parse never held the event loop.
    if (response.status !== 200) {
      expectError(response, 400, /changes\[0\]\.document\.markdown: took longer than \d+ ms/);
      expect(bystanderFirst).toBe(true);
    }
  });

  it('refuses Markdown nested 5,000 levels deep with a 400 naming the field', async () => {
    const { client, orgId } = await newOrgAdmin('mddeep');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id);
    const url = `/v1/spaces/${space.id}/change-requests/${cr.id}/content`;
    expectError(
      await client.post(url, insertPage({ markdown: '>'.repeat(5000) })),
      400,
      /changes\[0\]\.document\.markdown: nests .* at most 32/,
    );
    const list = Array.from({ length: 200 }, (_, i) => `${' '.repeat(2 * i)}- a`).join('\n');
    expectError(await client.post(url, insertPage({ markdown: list })), 400, /changes\[0\]\.document\.markdown: nests/);
  });

  // 3,000 blockquotes and 10,000 levels are the sizes of the original report: the gateway's JSON
  // depth cap (64) refuses them before content sees them; content's own Document cap (256) is unit-tested.
  it('refuses Documents nested past the limit (3,000 blockquotes, data 10,000 deep) with a 400', async () => {
    const { client, orgId } = await newOrgAdmin('docdeep');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id);
    const url = `/v1/spaces/${space.id}/change-requests/${cr.id}/content`;
    // Built as text: JSON.stringify itself overflows the stack on values this deep.
    const leaf = '{"object":"text","leaves":[{"object":"leaf","text":"a","marks":[]}]}';
    const quotes = '{"object":"block","type":"blockquote","data":{},"nodes":['.repeat(3000) + leaf + ']}'.repeat(3000);
    const quoteBody = `{"changes":[{"operation":"insert_page","title":"P","document":{"document":{"object":"document","data":{},"nodes":[${quotes}]}}}]}`;
    expectError(await client.post(url, quoteBody), 400, /nested too deeply/);
    const deepData = '{"a":'.repeat(10_000) + '{}' + '}'.repeat(10_000);
    const body = `{"changes":[{"operation":"insert_page","title":"P","document":{"document":{"object":"document","data":${deepData},"nodes":[]}}}]}`;
    expectError(await client.post(url, body), 400);
  });

  it('refuses a lone surrogate in Markdown and in Document text with a 400 naming the field', async () => {
    const { client, orgId } = await newOrgAdmin('surrogate');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id);
    const url = `/v1/spaces/${space.id}/change-requests/${cr.id}/content`;
    // JSON.stringify writes the lone surrogate as the escape `\udfff`, as an attacker would.
    expectError(await client.post(url, insertPage({ markdown: 'a\udfffb' })), 400, /changes\[0\]\.document(\.markdown)?[^]*surrogate/i);
    const text = { object: 'text', leaves: [{ object: 'leaf', text: 'a\udfffb', marks: [] }] };
    const document = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [text] }] };
    expectError(await client.post(url, insertPage({ document })), 400, /changes\[0\]\.document[^]*surrogate/i);
    // A well-formed pair (an emoji) is fine.
    const ok = await client.post(`${url}?compat=false`, insertPage({ markdown: 'smile 😀' }));
    expectOperation(ok, 'updateChangeRequestContent', 200);
  });
});
