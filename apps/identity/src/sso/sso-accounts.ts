import { AppError, conflict, forbidden } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import type { Profile } from '@node-saml/node-saml';
import type { EntityManager } from 'typeorm';
import { MembersRepository } from '../members/members.repository';
import type { SamlProviderRow } from '../saml/saml-provider.repository';
import type { UserEntity } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { SsoIdentitiesRepository } from './sso-identities.repository';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** How to link an existing account, for the 403 that refuses to sign into it. */
export const LINK_HINT =
  'its owner can link it by calling GET …/saml/{samlProviderId}/start with their own Authorization: Bearer token and completing that login';

/**
 * Which account a valid assertion signs in to. An IdP is trusted only for the identities it owns:
 * an identity it asserted before (bound by provider and NameID), a new account for an email nobody
 * uses, or an existing account when its owner asked for the link (the login was started with their
 * token) or when the account is already an SSO member of the provider's organization. The asserted
 * email alone never opens an existing account: any organization admin can configure a provider.
 */
@Injectable()
export class SsoAccounts {
  constructor(
    private readonly identities: SsoIdentitiesRepository,
    private readonly users: UsersService,
    private readonly members: MembersRepository,
  ) {}

  async resolve(manager: EntityManager, provider: SamlProviderRow, profile: Profile, linkUserId: string | null): Promise<UserEntity> {
    const nameId = typeof profile.nameID === 'string' ? profile.nameID.trim() : '';
    if (!nameId) throw new AppError(401, 'SAML assertion rejected: it carries no NameID');
    const bound = await this.identities.findUser(manager, provider.id, nameId);
    if (bound) {
      if (linkUserId && linkUserId !== bound.id) throw conflict('This SSO identity is already linked to another account');
      return bound;
    }
    if (linkUserId) return this.bind(manager, provider, nameId, await this.users.findById(linkUserId));

    const email = emailOf(profile);
    if (!email) throw new AppError(401, 'SAML assertion rejected: it carries no email address');
    const existing = await this.users.findByEmailIn(manager, email);
    if (existing) {
      const membership = await this.members.find(provider.organization_id, existing.id, manager);
      if (!membership?.sso)
        throw forbidden(`An account with the email ${email} already exists and is not linked to this SSO provider; ${LINK_HINT}`);
      return this.bind(manager, provider, nameId, existing);
    }
    const created = await this.users.createIfAbsent(manager, email, displayNameOf(profile));
    if (!created) throw conflict(`An account with the email ${email} was created meanwhile; try again`);
    return this.bind(manager, provider, nameId, created);
  }

  private async bind(manager: EntityManager, provider: SamlProviderRow, nameId: string, user: UserEntity): Promise<UserEntity> {
    if (!(await this.identities.bind(manager, provider.id, nameId, user.id))) {
      throw conflict('This account is already linked to another identity of this SSO provider');
    }
    return user;
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
