import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { Authenticator } from './authenticator.service';
import { BearerAuthGuard } from './bearer-auth.guard';

@Module({ providers: [Authenticator, { provide: APP_GUARD, useClass: BearerAuthGuard }] })
export class AuthModule {}
