import { expectOperation, testStack } from '@bindery/testing';
import { createChangeRequest, editContent, merge, type PageBody, paragraph } from './content-helpers';
import { eventually } from './helpers';
import { type SiteBody, siteWithSpaces } from './sites-helpers';

/**
 * Adaptive content inside a page, over NATS: an `if` block shows only to visitors whose claims (as
 * sites verified and filtered them by the adaptive schema) satisfy its expression, in HTML and Markdown.
 */
describe('reader: if blocks per visitor', () => {
  // Search answers JSON to the page's script (Accept: application/json), a results page otherwise.
  const read = async (path: string) =>
    (await fetch(`${testStack().readerUrl}${path}`, { redirect: 'manual', headers: { accept: 'application/json, text/html' } })).text();

  it('hides an if block from visitors without the claim, shows it to those with it, and never leaks a broken one', async () => {
    const { client, orgId, spaceIds, base } = await siteWithSpaces(1, 'rblocks');
    const [spaceId] = spaceIds;
    const cr = await createChangeRequest(client, spaceId, 'Adaptive');
    const block = (key: string, expression: string, text: string) => ({
      object: 'block',
      type: 'if',
      key,
      data: { expression },
      nodes: [paragraph(`${key}p`, text)],
    });
    const nodes = [
      paragraph('a', 'Everyone'),
      block('b', 'visitor.claims.unsigned.beta === true', 'Beta secret'),
      block('c', 'visitor.(', 'Broken secret'),
    ];
    await editContent(client, spaceId, cr.id, [
      { operation: 'insert_page', ref: 'p', title: 'Adaptive', document: { document: { object: 'document', data: {}, nodes } } },
    ]);
    await merge(client, spaceId, cr.id);
    const [page] = expectOperation<{ pages: Array<PageBody & { path: string }> }>(
      await client.get(`/v1/spaces/${spaceId}/content/pages`),
      'listPages',
      200,
    ).pages;
    const jsonSchema = {
      type: 'object',
      properties: {
        unsigned: {
          type: 'object',
          description: 'Unsigned claims of the site visitor.',
          properties: { beta: { type: 'boolean', description: 'Beta program' } },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    };
    expectOperation(await client.put(`${base}/adaptive-schema`, { jsonSchema }), 'updateSiteAdaptiveSchema', 200);
    expectOperation<SiteBody>(
      await client.patch(base, { basename: 'adaptive', visibility: 'public', adaptiveContent: { enabled: true } }),
      'updateSiteById',
      200,
    );
    expectOperation<SiteBody>(await client.post(`${base}/publish`), 'publishSite', 200);

    const url = `/${orgId}/adaptive/${page.path}`;
    await eventually(async () => expect(await read(url)).toContain('Everyone'), 10_000);
    for (const path of [url, `${url}.md`, `${url}?visitor.other=true`, `${url}?visitor.beta=false`]) {
      const body = await read(path);
      expect([path, body.includes('Everyone'), body.includes('secret')]).toEqual([path, true, false]);
    }
    for (const path of [`${url}?visitor.beta=true`, `${url}.md?visitor.beta=true`]) {
      const body = await read(path);
      expect([path, body.includes('Beta secret'), body.includes('Broken secret')]).toEqual([path, true, false]);
    }
    // The page cached for the beta visitor is not what the next visitor gets.
    expect(await read(url)).not.toContain('Beta secret');

    // The site's search does not reveal the hidden text either: conditional content is not indexed.
    const search = async (q: string) =>
      (JSON.parse(await read(`/${orgId}/adaptive/~search?q=${q}`)) as { results: Array<{ title: string }> }).results;
    await eventually(async () => expect((await search('Everyone')).map((r) => r.title)).toEqual(['Adaptive']), 20_000);
    expect(await search('secret')).toEqual([]);
  });
});
