import { Module } from '@nestjs/common';
import { OpenApiPublishedController } from './openapi-published.controller';
import { OpenApiController } from './openapi.controller';

/** Routes of OpenAPI specs (the sites service). */
@Module({ controllers: [OpenApiController, OpenApiPublishedController] })
export class OpenApiRoutesModule {}
