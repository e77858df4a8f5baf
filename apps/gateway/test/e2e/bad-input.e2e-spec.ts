import { type ApiClient, expectOperation, testStack } from '@bindery/testing';
import { adminClient } from './helpers';

/** Bodies of the wrong shape, type or size, and nulls where a value is required. */
const GARBAGE = [
  'null',
  '[]',
  '"str"',
  '42',
  '{"title":{}}',
  '{"title":null}',
  `{"title":"${'x'.repeat(5000)}"}`,
  '{"parent":{"a":1}}',
  '{"parent":null}',
  '{"position":"x"}',
  '{"position":{"before":{"type":"space","space":{}}}}',
  '{"role":"god"}',
  '{"role":null}',
  '{"members":"x"}',
  '{"add":[{}],"remove":7}',
  '{"changes":"x"}',
  '{"changes":null}',
  '{"changes":[{}]}',
  '{"changes":[{"type":"insert_page","page":null}]}',
  '{"changes":[{"type":"insert_page","page":{"title":null}}]}',
  '{"subject":[]}',
  '{"subject":null}',
  '{"status":"nope"}',
  '{"status":null}',
  '{"description":null}',
  '{"instructions":{"nodes":"x"}}',
  '{"instructions":null}',
  '{"emailDomains":[1]}',
  '{"emailDomains":null}',
  '{"mergeRules":{"type":"rules","rules":[{}]}}',
  '{"mergeRules":null}',
  '{"organization":{}}',
  '{"organization":null}',
  '{"defaultLevel":"x"}',
  '{"defaultLevel":null}',
  '{"editMode":null}',
  '{"label":"ok","ssoURL":"not a url"}',
  '{"label":null}',
  '{"users":"x"}',
  '{"users":[1]}',
  '{"users":null}',
  '{"users":[]}',
  '{"status":"approved","comment":{"markdown":7}}',
  '{"changes":[{"operation":"revert_page","page":1}]}',
  '{"changes":[{"operation":"revert_page","page":"x","block":"y"}]}',
  '{"changes":[{"operation":"revert_page","page":"x","revision":{}}]}',
  '{"changes":[{"operation":"insert_files","files":[{"name":"a","url":"http://"}]}]}',
  '{"changes":[{"operation":"insert_files","files":[{"name":"a","url":"ftp://x/y"}]}]}',
  '{"changes":[{"operation":"insert_files","files":[{"name":"a","url":"https://x/y","base64":"AA=="}]}]}',
  '{"changes":[{"operation":"insert_page","document":{"markdown":"---\\ntitle: [\\n---\\n"}}]}',
];

describe('bad input never reaches a 500', () => {
  let client: ApiClient;
  let routes: Array<[string, string]>;

  beforeAll(async () => {
    client = adminClient();
    const org = testStack().adminOrganizationId;
    const space = expectOperation<{ id: string }>(await client.post(`/v1/orgs/${org}/spaces`, { title: 'Garbage in' }), 'createSpace', 201);
    const cr = expectOperation<{ id: string }>(
      await client.post(`/v1/spaces/${space.id}/change-requests`, { subject: 'x' }),
      'createChangeRequest',
      201,
    );
    const collection = (await client.post<{ id: string }>(`/v1/orgs/${org}/collections`, { title: 'C' })).body;
    const team = (await client.put<{ id: string }>(`/v1/orgs/${org}/teams`, { title: 'T', members: [] })).body;
    const me = (await client.get<{ id: string }>('/v1/user')).body;
    routes = [
      ['POST', '/v1/orgs'],
      ['PATCH', `/v1/orgs/${org}`],
      ['POST', `/v1/orgs/${org}/invites`],
      ['POST', `/v1/orgs/${org}/link-invites`],
      ['PATCH', `/v1/orgs/${org}/members/${me.id}`],
      ['PUT', `/v1/orgs/${org}/teams`],
      ['PATCH', `/v1/orgs/${org}/teams/${team.id}`],
      ['PUT', `/v1/orgs/${org}/teams/${team.id}/members`],
      ['PUT', `/v1/orgs/${org}/teams/${team.id}/members/${me.id}`],
      ['POST', `/v1/orgs/${org}/saml`],
      ['PUT', `/v1/orgs/${org}/agent-instructions`],
      ['POST', `/v1/orgs/${org}/collections`],
      ['PATCH', `/v1/collections/${collection.id}`],
      ['POST', `/v1/collections/${collection.id}/move`],
      ['POST', `/v1/collections/${collection.id}/transfer`],
      ['POST', `/v1/orgs/${org}/spaces`],
      ['PATCH', `/v1/spaces/${space.id}`],
      ['POST', `/v1/spaces/${space.id}/move`],
      ['POST', `/v1/spaces/${space.id}/transfer`],
      ['POST', `/v1/spaces/${space.id}/change-requests`],
      ['PATCH', `/v1/spaces/${space.id}/change-requests/${cr.id}`],
      ['POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content`],
      ['POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/requested-reviewers`],
      ['POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/reviews`],
    ];
  });

  it('answers every malformed write with a 4xx error body', async () => {
    const failures: string[] = [];
    for (const [method, path] of routes) {
      for (const body of GARBAGE) {
        const response = await client.request(method, path, body, { 'content-type': 'application/json' });
        const error = (response.body as { error?: { code?: number } }).error;
        if (response.status >= 500 || (response.status >= 400 && error?.code !== response.status)) {
          failures.push(`${method} ${path} ${body.slice(0, 60)} → ${response.status} ${JSON.stringify(response.body).slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
