import { Module } from '@nestjs/common';
import { TokensHandler } from './tokens.handler';
import { TokensRepository } from './tokens.repository';
import { TokensService } from './tokens.service';

@Module({ controllers: [TokensHandler], providers: [TokensService, TokensRepository], exports: [TokensService] })
export class TokensModule {}
