import { expectError } from '@bindery/testing';
import { addMember, newOrganization, type OrgWithAdmin } from './identity-helpers';

/**
 * `…/conversations-settings` (Bindery's own route, not in the official document): an organization
 * picks its embedding engine by the name of an endpoint the operator configured, never by URL.
 * The test stack configures none, so only the built-in vectors (null) can be chosen.
 */
describe('conversations settings (embedding engine)', () => {
  let org: OrgWithAdmin;
  let path: string;

  beforeAll(async () => {
    org = await newOrganization('Conversations Settings Org');
    path = `/v1/orgs/${org.organizationId}/conversations-settings`;
  });

  it('answers the built-in engine by default and the endpoints the operator offers', async () => {
    const res = await org.admin.client.get(path);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ object: 'conversations-settings', embeddings: null, availableEmbeddings: [] });
  });

  it('takes only a configured endpoint name or null, never a URL', async () => {
    expectError(await org.admin.client.put(path, { embeddings: 'http://169.254.169.254/v1' }), 400, /configured endpoints/);
    expectError(await org.admin.client.put(path, { embeddings: 'local' }), 400, /configured endpoints/);
    expectError(await org.admin.client.put(path, {}), 400, /embeddings/);
    expectError(await org.admin.client.put(path, { embeddings: 3 }), 400, /embeddings/);
    const res = await org.admin.client.put(path, { embeddings: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ embeddings: null });
  });

  it('lets members read it and only admins change it; other organizations see nothing', async () => {
    const editor = await addMember(org, 'edit', 'settings-editor');
    expect((await editor.client.get(path)).status).toBe(200);
    expectError(await editor.client.put(path, { embeddings: null }), 403, /admin/);
    const other = await newOrganization('Other Settings Org');
    expectError(await other.admin.client.get(path), 404, /No matching organization found/);
  });
});
