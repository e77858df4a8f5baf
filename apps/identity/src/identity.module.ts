import { EventsModule, ServiceClientModule, ServiceDatabaseModule } from '@bindery/platform/nest';
import { type DynamicModule, Module } from '@nestjs/common';
import type { IdentityEnv } from './config/identity.env';
import { createIdentityDataSource, IDENTITY_SCHEMA } from './database/data-source';
import { MembersModule } from './members/members.module';
import { OrganizationsModule } from './organizations/organizations.module';
import { AgentInstructionsModule } from './agent-instructions/agent-instructions.module';
import { InvitesModule } from './invites/invites.module';
import { MemberSpacesModule } from './member-spaces/member-spaces.module';
import { PermissionsModule } from './permissions/permissions.module';
import { SamlModule } from './saml/saml.module';
import { SpaceCountsModule } from './space-counts/space-counts.module';
import { TeamsModule } from './teams/teams.module';
import { TokensModule } from './tokens/tokens.module';
import { UsersModule } from './users/users.module';

const features = [
  PermissionsModule,
  UsersModule,
  TokensModule,
  MembersModule,
  OrganizationsModule,
  InvitesModule,
  TeamsModule,
  SamlModule,
  AgentInstructionsModule,
];

@Module({})
export class IdentityModule {
  /** The running service: NATS handlers, migrations on start, outbox relay to JetStream. */
  static forService(env: IdentityEnv): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        ServiceDatabaseModule.forRoot({
          schema: IDENTITY_SCHEMA,
          createDataSource: () => createIdentityDataSource(env.DATABASE_URL),
          migrateOnStart: true,
        }),
        EventsModule.forRoot({ service: 'identity', nats: env, databaseUrl: env.DATABASE_URL }),
        ...features,
        ServiceClientModule.forRoot({ name: 'identity-client', env }),
        MemberSpacesModule,
        SpaceCountsModule.forService(env),
      ],
    };
  }

  /** The operator CLI: same services and database, no NATS (events wait in the outbox for the service). */
  static forCli(databaseUrl: string): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        ServiceDatabaseModule.forRoot({
          schema: IDENTITY_SCHEMA,
          createDataSource: () => createIdentityDataSource(databaseUrl),
          migrateOnStart: true,
        }),
        ...features,
      ],
    };
  }
}
