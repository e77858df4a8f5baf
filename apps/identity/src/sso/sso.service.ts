import type { RequestContext, SsoAssertInput, SsoAssertResult, SsoStartResult } from '@bindery/contracts';
import { AppError, badRequest, logger, notFound } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { type Profile, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { DataSource } from 'typeorm';
import { toMember } from '../members/member-row';
import { MembersRepository } from '../members/members.repository';
import { MembershipsService } from '../members/memberships.service';
import { toPem } from '../saml/certificate';
import { isActive, serviceProviderOf } from '../saml/saml-provider.mapper';
import { type SamlProviderRow, SamlProvidersRepository } from '../saml/saml-provider.repository';
import { TeamsRepository } from '../teams/teams.repository';
import { TokensService } from '../tokens/tokens.service';
import { toUser } from '../users/user.mapper';
import { SAML_REQUEST_TTL_MS, SamlRequestCache } from './saml-request-cache.repository';
import { SsoAccounts } from './sso-accounts';

/** How long the session token of an SSO login works; the user signs in again through the IdP after it. */
export const SSO_SESSION_TTL_MS = 12 * 60 * 60_000;

/**
 * Bindery as a SAML 2.0 service provider: sends users to the organization's IdP and accepts its
 * signed assertion back. Signature, audience, validity window and InResponseTo are checked by
 * node-saml; each request id is accepted once.
 */
@Injectable()
export class SsoService {
  constructor(
    private readonly providers: SamlProvidersRepository,
    private readonly accounts: SsoAccounts,
    private readonly memberships: MembershipsService,
    private readonly members: MembersRepository,
    private readonly teams: TeamsRepository,
    private readonly tokens: TokensService,
    private readonly db: DataSource,
  ) {}

  /**
   * The IdP URL carrying a fresh authentication request (HTTP-Redirect binding). When a signed-in
   * caller starts it, the request remembers them: the identity the IdP asserts is linked to their account.
   */
  async start(ctx: RequestContext, organizationId: string, providerId: string): Promise<SsoStartResult> {
    const provider = await this.activeProvider(organizationId, providerId);
    const cache = new SamlRequestCache(this.db, provider.id, ctx.caller?.userId ?? null);
    const redirectURL = await this.samlFor(provider, ctx.baseUrl, cache).getAuthorizeUrlAsync('', undefined, {});
    return { redirectURL };
  }

  /** Validates the IdP's response; signs the bound (or new, or linked) account in with a session token. */
  async assert(ctx: RequestContext, input: SsoAssertInput): Promise<SsoAssertResult> {
    const provider = await this.activeProvider(input.organizationId, input.samlProviderId);
    const cache = new SamlRequestCache(this.db, provider.id);
    const profile = await this.validate(this.samlFor(provider, ctx.baseUrl, cache), input.samlResponse);
    const request = typeof profile.inResponseTo === 'string' ? await cache.consume(profile.inResponseTo) : undefined;
    if (!request) throw new AppError(401, 'SAML assertion rejected: this response was already used');
    const user = await this.db.transaction(async (manager) => {
      const found = await this.accounts.resolve(manager, provider, profile, request.linkUserId);
      const added = await this.memberships.join(manager, provider.organization_id, found.id, provider.default_role, true);
      // An existing member keeps their role (an SSO login must never demote an admin); it gains SSO.
      if (!added) await this.members.setSso(manager, provider.organization_id, found.id);
      if (provider.default_team_id) await this.teams.addMembers(manager, provider.organization_id, provider.default_team_id, [found.id]);
      return found;
    });
    const token = await this.tokens.create(user.id, `sso:${provider.label}`, SSO_SESSION_TTL_MS);
    const member = await this.members.find(provider.organization_id, user.id);
    return {
      token: token.token,
      expiresAt: token.expiresAt!.toISOString(),
      user: toUser(user, ctx.baseUrl),
      member: toMember(member!, ctx.baseUrl),
    };
  }

  private async validate(saml: SAML, samlResponse: string): Promise<Profile & { inResponseTo?: unknown }> {
    try {
      const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
      if (!profile) throw new Error('no profile in the response');
      return profile;
    } catch (error) {
      logger.info({ err: error }, 'SAML response rejected');
      throw new AppError(401, `SAML assertion rejected: ${(error as Error).message}`);
    }
  }

  private async activeProvider(organizationId: string, providerId: string): Promise<SamlProviderRow> {
    const provider = await this.providers.find(organizationId, providerId);
    if (!provider) throw notFound('No matching SAML provider found');
    if (!isActive(provider)) throw badRequest('This SAML provider is not fully configured (ssoURL, entityID and certificate are needed)');
    return provider;
  }

  private samlFor(provider: SamlProviderRow, baseUrl: string, cache = new SamlRequestCache(this.db, provider.id)): SAML {
    const sp = serviceProviderOf(provider, baseUrl);
    return new SAML({
      entryPoint: provider.sso_url!,
      idpIssuer: provider.entity_id!,
      idpCert: toPem(provider.certificate!),
      issuer: sp.entityID,
      callbackUrl: sp.acsURL,
      audience: sp.entityID,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
      cacheProvider: cache,
      acceptedClockSkewMs: 5_000,
      identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    });
  }
}
