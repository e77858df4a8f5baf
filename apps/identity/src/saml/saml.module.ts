import { Module } from '@nestjs/common';
import { MembersModule } from '../members/members.module';
import { SsoAccounts } from '../sso/sso-accounts';
import { SsoIdentitiesRepository } from '../sso/sso-identities.repository';
import { SsoHandler } from '../sso/sso.handler';
import { SsoService } from '../sso/sso.service';
import { TeamsModule } from '../teams/teams.module';
import { TokensModule } from '../tokens/tokens.module';
import { UsersModule } from '../users/users.module';
import { SamlProvidersRepository } from './saml-provider.repository';
import { SamlProvidersHandler } from './saml-providers.handler';
import { SamlProvidersService } from './saml-providers.service';

/** SAML providers (configuration) and the service-provider side of SAML sign-in. */
@Module({
  imports: [MembersModule, TeamsModule, TokensModule, UsersModule],
  controllers: [SamlProvidersHandler, SsoHandler],
  providers: [SamlProvidersService, SamlProvidersRepository, SsoService, SsoAccounts, SsoIdentitiesRepository],
})
export class SamlModule {}
