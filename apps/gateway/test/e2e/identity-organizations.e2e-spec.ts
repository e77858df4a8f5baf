import { expectError, expectOperation, identityCli } from '@bindery/testing';
import { anonymousClient, newUser } from './helpers';
import { addMember, newOrganization } from './identity-helpers';

interface Org {
  id: string;
  title: string;
  emailDomains: string[];
  hostname?: string;
  defaultRole: string | null;
  defaultContent?: { type: string; site: string };
  sso: boolean;
  ai: boolean;
  inviteLinks: boolean;
  mergeRules: unknown;
  urls: { logo?: string };
  permissions: { admin: boolean; view: boolean };
}

describe('identity: organizations', () => {
  it('patches every field, normalising email domains, and returns them on GET', async () => {
    const org = await newOrganization();
    const hostname = `acme-${Date.now().toString(36)}`;
    // defaultContent must name a site of the organization (identity asks the sites service).
    const site = expectOperation<{ id: string }>(
      await org.admin.client.post(`/v1/orgs/${org.organizationId}/sites`, { title: 'Acme site' }),
      'createSite',
      201,
    );
    const body = {
      title: '  Acme Docs ',
      emailDomains: ['Acme.COM', 'acme.com', 'docs.acme.io'],
      hostname,
      defaultRole: 'edit',
      defaultContent: { type: 'site', site: site.id },
      logo: 'https://cdn.example.com/logo.png',
      sso: true,
      ai: true,
      inviteLinks: true,
      mergeRules: {
        type: 'rules',
        rules: [{ rule: 'require_specific_reviewers', users: [org.admin.userId] }, { rule: 'require_at_least_one_review' }],
      },
    };
    const patched = expectOperation<Org>(
      await org.admin.client.patch(`/v1/orgs/${org.organizationId}`, body),
      'updateOrganizationById',
      200,
    );
    expect(patched).toMatchObject({
      title: 'Acme Docs',
      emailDomains: ['acme.com', 'docs.acme.io'],
      hostname,
      defaultRole: 'edit',
      defaultContent: { type: 'site', site: site.id },
      sso: true,
      ai: true,
      inviteLinks: true,
      mergeRules: body.mergeRules,
      urls: { logo: body.logo },
    });
    const fetched = expectOperation<Org>(await org.admin.client.get(`/v1/orgs/${org.organizationId}`), 'getOrganizationById', 200);
    expect(fetched).toMatchObject({ title: 'Acme Docs', defaultRole: 'edit', mergeRules: body.mergeRules });

    const cleared = expectOperation<Org>(
      await org.admin.client.patch(`/v1/orgs/${org.organizationId}`, {
        defaultContent: null,
        logo: null,
        defaultRole: null,
        mergeRules: { type: 'none' },
      }),
      'updateOrganizationById',
      200,
    );
    expect(cleared.defaultContent).toBeUndefined();
    expect(cleared.urls.logo).toBeUndefined();
    expect(cleared.defaultRole).toBeNull();
    expect(cleared.mergeRules).toEqual({ type: 'none' });
    expect(cleared.title).toBe('Acme Docs');
  });

  it.each([
    [{ title: 'x' }, /title/],
    [{ title: '   ' }, /title/],
    [{ emailDomains: ['not a domain'] }, /emailDomains/],
    [{ emailDomains: 'acme.com' }, /emailDomains/],
    [{ hostname: 'ab' }, /hostname/],
    [{ hostname: 'has space' }, /hostname/],
    [{ hostname: 'x'.repeat(33) }, /hostname/],
    [{ defaultRole: 'owner' }, /defaultRole/],
    [{ defaultContent: { type: 'space', site: 's1' } }, /defaultContent.type/],
    [{ defaultContent: { type: 'site' } }, /defaultContent.site/],
    [{ logo: 'not a url' }, /logo/],
    [{ logo: `https://example.com/${'a'.repeat(2048)}` }, /logo/],
    [{ sso: 'yes' }, /sso/],
    [{ ai: 1 }, /ai/],
    [{ inviteLinks: null }, /inviteLinks/],
    [{ mergeRules: { type: 'sometimes' } }, /mergeRules.type/],
    [{ mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers' }] } }, /mergeRules.rules\[0\].users/],
    [{ mergeRules: { type: 'rules', rules: [{ rule: 'bogus' }] } }, /mergeRules.rules\[0\].rule/],
  ])('rejects the patch %j with a 400 naming the field', async (body, pattern) => {
    const org = await newOrganization();
    expectError(await org.admin.client.patch(`/v1/orgs/${org.organizationId}`, body), 400, pattern);
  });

  it('refuses a hostname another organization uses (409), case-insensitively', async () => {
    const first = await newOrganization();
    const second = await newOrganization();
    const hostname = `taken-${Date.now().toString(36)}`;
    expectOperation(await first.admin.client.patch(`/v1/orgs/${first.organizationId}`, { hostname }), 'updateOrganizationById', 200);
    expectError(
      await second.admin.client.patch(`/v1/orgs/${second.organizationId}`, { hostname: hostname.toUpperCase() }),
      409,
      /hostname/,
    );
  });

  it('lets only admins patch (403), and hides other organizations (404)', async () => {
    const org = await newOrganization();
    const editor = await addMember(org, 'create');
    expectError(await editor.client.patch(`/v1/orgs/${org.organizationId}`, { title: 'Mine now' }), 403);
    const outsider = await newUser('outsider');
    expectError(await outsider.client.patch(`/v1/orgs/${org.organizationId}`, { title: 'Mine now' }), 404);
    const fetched = expectOperation<Org>(await editor.client.get(`/v1/orgs/${org.organizationId}`), 'getOrganizationById', 200);
    expect(fetched.title).toBe('Identity Org');
    expect(fetched.permissions).toMatchObject({ view: true, admin: false });
  });

  it('lets a user join through an allowed email domain with the default role, and refuses others', async () => {
    const domain = `join${Date.now().toString(36)}.test`;
    const org = await newOrganization('Domain Org', [domain]);
    expectOperation(
      await org.admin.client.patch(`/v1/orgs/${org.organizationId}`, { defaultRole: 'comment' }),
      'updateOrganizationById',
      200,
    );
    const outsider = await newUser('wrongdomain');
    expectError(await outsider.client.post(`/v1/orgs/${org.organizationId}/join`), 400, /email domain/);
    expectError(await outsider.client.post('/v1/orgs/noSuchOrg1234/join'), 404, /organization/);

    const created = await identityCli(['user:create', '--email', `ada@${domain.toUpperCase()}`]);
    const ada = anonymousClient().withToken(created.token as string);
    // Discoverable only by users of that domain.
    const found = expectOperation<{ organizations: Org[] }>(
      await ada.get(`/v1/email-domains/${domain}/orgs`),
      'getOrganizationsForEmailDomain',
      200,
    );
    expect(found.organizations.map((o) => o.id)).toEqual([org.organizationId]);
    expect(found.organizations[0].permissions.view).toBe(false);
    const hidden = expectOperation<{ organizations: Org[] }>(
      await outsider.client.get(`/v1/email-domains/${domain}/orgs`),
      'getOrganizationsForEmailDomain',
      200,
    );
    expect(hidden.organizations).toEqual([]);

    expectOperation(await ada.post(`/v1/orgs/${org.organizationId}/join`), 'joinOrganization', 204);
    expectOperation(await ada.post(`/v1/orgs/${org.organizationId}/join`), 'joinOrganization', 204);
    const member = expectOperation<{ role: string }>(
      await org.admin.client.get(`/v1/orgs/${org.organizationId}/members/${created.userId as string}`),
      'getMemberInOrganizationById',
      200,
    );
    expect(member.role).toBe('comment');
  });

  it('rejects a malformed email domain with a 400', async () => {
    const { client } = await newUser('domainlookup');
    expectError(await client.get('/v1/email-domains/not_a_domain/orgs'), 400, /emailDomain/);
  });
});
