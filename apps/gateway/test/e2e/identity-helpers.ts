import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { type ApiClient, expectOperation } from '@bindery/testing';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';
import { newUser } from './helpers';

export type TestUser = Awaited<ReturnType<typeof newUser>>;

export interface OrgWithAdmin {
  organizationId: string;
  admin: TestUser;
}

/** A fresh organization administered by a fresh user. */
export async function newOrganization(title = 'Identity Org', emailDomains?: string[]): Promise<OrgWithAdmin> {
  const admin = await newUser('orgadmin');
  const body = emailDomains ? { title, emailDomains } : { title };
  const org = expectOperation<{ id: string }>(await admin.client.post('/v1/orgs', body), 'createOrganization', 201);
  return { organizationId: org.id, admin };
}

/**
 * A fresh user added to the organization with `role` (null = guest): the admin invites the
 * existing account by email, and the user accepts the pending invitation.
 */
export async function addMember(org: OrgWithAdmin, role: string | null, prefix = 'member'): Promise<TestUser> {
  const user = await newUser(prefix);
  const result = expectOperation<{ users: string[]; invited: number }>(
    await org.admin.client.post(`/v1/orgs/${org.organizationId}/invites`, { emails: [{ email: user.email, role }] }),
    'inviteUsersToOrganization',
    200,
  );
  expect(result).toEqual({ users: [], invited: 1 });
  await acceptInvite(user, org.organizationId);
  return user;
}

export interface PendingInvite {
  id: string;
  role: string | null;
  organization: { id: string; title: string };
  urls: { join: string };
}

/** The user accepts their pending invitation to the organization. */
export async function acceptInvite(user: TestUser, organizationId: string): Promise<void> {
  const mine = await user.client.get('/v1/user/invites');
  expect(mine.status).toBe(200);
  const invite = (mine.body as { items: PendingInvite[] }).items.find((i) => i.organization.id === organizationId);
  expect(invite).toBeDefined();
  expectOperation(await user.client.post(`/v1/orgs/${organizationId}/invites/${invite!.id}`), 'joinOrganizationWithInvite', 200);
}

/** Creates a team as the admin. */
export async function newTeam(org: OrgWithAdmin, title: string, members: string[] = []): Promise<{ id: string }> {
  return expectOperation<{ id: string }>(
    await org.admin.client.put(`/v1/orgs/${org.organizationId}/teams`, { title, members }),
    'createOrganizationTeam',
    201,
  );
}

/** Follows `next.page` to the end and returns every item. */
export async function walk<T>(client: ApiClient, path: string, operationId: string): Promise<T[]> {
  const items: T[] = [];
  let page: string | undefined;
  const separator = path.includes('?') ? '&' : '?';
  for (let i = 0; i < 100; i++) {
    const url = page ? `${path}${separator}page=${encodeURIComponent(page)}` : path;
    const list = expectOperation<{ items: T[]; next?: { page: string } }>(await client.get(url), operationId, 200);
    items.push(...list.items);
    page = list.next?.page;
    if (!page) break;
  }
  return items;
}

/** A SAML identity provider for tests: its own key pair and certificate, signing assertions like a real IdP. */
export class TestIdp {
  private constructor(
    readonly entityId: string,
    readonly certificate: string,
    private readonly privateKey: string,
  ) {}

  static async create(entityId = `https://idp-${Date.now()}.example.test/metadata`): Promise<TestIdp> {
    const pems = await generate([{ name: 'commonName', value: 'bindery-test-idp' }], { keySize: 2048, algorithm: 'sha256' });
    return new TestIdp(entityId, pems.cert, pems.private);
  }

  /** The AuthnRequest id inside the redirect the service provider sent the browser to. */
  static requestIdOf(redirectUrl: string): string {
    const request = new URL(redirectUrl).searchParams.get('SAMLRequest') ?? '';
    const xml = inflateRawSync(Buffer.from(request, 'base64')).toString('utf8');
    return /ID="([^"]+)"/.exec(xml)![1];
  }

  /** A base64 SAML Response whose assertion is signed with this IdP's key (or `signWith`). */
  response(options: {
    acsURL: string;
    audience: string;
    inResponseTo: string;
    email: string;
    notOnOrAfter?: Date;
    signWith?: TestIdp;
    tamper?: (xml: string) => string;
  }): string {
    const now = new Date();
    const until = (options.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000)).toISOString();
    const notBefore = new Date(now.getTime() - 60_000).toISOString();
    const id = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '')}`;
    const assertion = `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id('_a')}" Version="2.0" IssueInstant="${now.toISOString()}">
<saml:Issuer>${this.entityId}</saml:Issuer>
<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${options.email}</saml:NameID>
<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${options.inResponseTo}" NotOnOrAfter="${until}" Recipient="${options.acsURL}"/></saml:SubjectConfirmation></saml:Subject>
<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${options.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>
<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${id('_s')}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>
<saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue>${options.email}</saml:AttributeValue></saml:Attribute><saml:Attribute Name="displayName"><saml:AttributeValue>SSO Person</saml:AttributeValue></saml:Attribute></saml:AttributeStatement>
</saml:Assertion>`;
    const response = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id('_r')}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${options.acsURL}" InResponseTo="${options.inResponseTo}">
<saml:Issuer>${this.entityId}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>
${assertion}
</samlp:Response>`;
    const signer = options.signWith ?? this;
    const signature = new SignedXml({
      privateKey: signer.privateKey,
      publicCert: signer.certificate,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    signature.addReference({
      xpath: "//*[local-name(.)='Assertion']",
      transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    });
    signature.computeSignature(response, {
      location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
    });
    const signed = options.tamper ? options.tamper(signature.getSignedXml()) : signature.getSignedXml();
    return Buffer.from(signed, 'utf8').toString('base64');
  }
}
