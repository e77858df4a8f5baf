import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { EmailDomainsController } from './email-domains.controller';
import { AgentInstructionsController } from './agent-instructions.controller';
import { InvitesController } from './invites.controller';
import { MembersController } from './members.controller';
import { OrganizationsController } from './organizations.controller';
import { SamlProvidersController } from './saml-providers.controller';
import { SsoLoginController } from './sso-login.controller';
import { TeamsController } from './teams.controller';
import { UsersController } from './users.controller';

/** Routes of the identity context. */
@Module({
  imports: [AuthModule],
  controllers: [
    UsersController,
    OrganizationsController,
    EmailDomainsController,
    MembersController,
    InvitesController,
    TeamsController,
    SamlProvidersController,
    SsoLoginController,
    AgentInstructionsController,
  ],
})
export class IdentityRoutesModule {}
