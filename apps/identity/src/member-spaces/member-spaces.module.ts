import { type DynamicModule, Module } from '@nestjs/common';
import { IdentityEnv } from '../config/identity.env';
import { CONTENT_CLIENT, contentClientProvider, ContentNatsCloser, contentNatsProvider } from './content-client.provider';
import { MemberSpacesHandler } from './member-spaces.handler';
import { MemberSpacesService } from './member-spaces.service';

/** Needs NATS to reach content, so only the running service has it (not the CLI). */
@Module({})
export class MemberSpacesModule {
  static forService(env: IdentityEnv): DynamicModule {
    return {
      module: MemberSpacesModule,
      controllers: [MemberSpacesHandler],
      providers: [
        { provide: IdentityEnv, useValue: env },
        contentNatsProvider,
        contentClientProvider,
        ContentNatsCloser,
        MemberSpacesService,
      ],
      exports: [CONTENT_CLIENT],
    };
  }
}
