import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { Authenticator } from './authenticator.service';
import { BearerAuthGuard } from './bearer-auth.guard';

/** Exports the Authenticator for public routes that also accept an optional bearer token (SSO account linking). */
@Module({ providers: [Authenticator, { provide: APP_GUARD, useClass: BearerAuthGuard }], exports: [Authenticator] })
export class AuthModule {}
