import { Module } from '@nestjs/common';
import { TranslationsController } from './translations.controller';

/** Routes of the translations context. */
@Module({ controllers: [TranslationsController] })
export class TranslationsRoutesModule {}
