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
import { UsersService } from '../users/users.service';
import { SAML_REQUEST_TTL_MS, SamlRequestCache } from './saml-request-cache';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Bindery as a SAML 2.0 service provider: sends users to the organization's IdP and accepts its
 * signed assertion back. Signature, audience, validity window and InResponseTo are checked by
 * node-saml; each request id is accepted once.
 */
@Injectable()
export class SsoService {
  constructor(
    private readonly providers: SamlProvidersRepository,
    private readonly users: UsersService,
    private readonly memberships: MembershipsService,
    private readonly members: MembersRepository,
    private readonly teams: TeamsRepository,
    private readonly tokens: TokensService,
    private readonly db: DataSource,
  ) {}

  /** The IdP URL carrying a fresh signed-in request (HTTP-Redirect binding). */
  async start(ctx: RequestContext, organizationId: string, providerId: string): Promise<SsoStartResult> {
    const provider = await this.activeProvider(organizationId, providerId);
    const redirectURL = await this.samlFor(provider, ctx.baseUrl).getAuthorizeUrlAsync('', undefined, {});
    return { redirectURL };
  }

  /** Validates the IdP's response; creates or updates the member and returns a session token. */
  async assert(ctx: RequestContext, input: SsoAssertInput): Promise<SsoAssertResult> {
    const provider = await this.activeProvider(input.organizationId, input.samlProviderId);
    const cache = new SamlRequestCache(this.db, provider.id);
    const profile = await this.validate(this.samlFor(provider, ctx.baseUrl, cache), input.samlResponse);
    if (typeof profile.inResponseTo !== 'string' || !(await cache.consume(profile.inResponseTo))) {
      throw new AppError(401, 'SAML assertion rejected: this response was already used');
    }
    const email = emailOf(profile);
    if (!email) throw new AppError(401, 'SAML assertion rejected: it carries no email address');
    const user = await this.db.transaction(async (manager) => {
      const found = await this.users.findOrCreateByEmail(manager, email, displayNameOf(profile));
      const added = await this.memberships.join(manager, provider.organization_id, found.id, provider.default_role, true);
      // An existing member keeps their role (an SSO login must never demote an admin); it gains SSO.
      if (!added) await this.members.setSso(manager, provider.organization_id, found.id);
      if (provider.default_team_id) await this.teams.addMembers(manager, provider.organization_id, provider.default_team_id, [found.id]);
      return found;
    });
    const token = await this.tokens.create(user.id, `sso:${provider.label}`);
    const member = await this.members.find(provider.organization_id, user.id);
    return { token: token.token, user: toUser(user, ctx.baseUrl), member: toMember(member!, ctx.baseUrl) };
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

function emailOf(profile: Profile): string | undefined {
  const candidates = [profile.email, profile.mail, profile['urn:oid:0.9.2342.19200300.100.1.3'], profile.nameID];
  return candidates.find((c): c is string => typeof c === 'string' && EMAIL.test(c));
}

function displayNameOf(profile: Profile): string | undefined {
  const name = profile.displayName ?? profile['http://schemas.microsoft.com/identity/claims/displayname'];
  return typeof name === 'string' && name.trim() ? name.trim().slice(0, 255) : undefined;
}
