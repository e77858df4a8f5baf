import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ApiDocsController } from './api-docs.controller';
import { ApiDocsService } from './api-docs.service';

/** `/v1/openapi.json` and `/v1/reference`: the API's own documentation, from the routes the gateway registers. */
@Module({
  imports: [DiscoveryModule],
  controllers: [ApiDocsController],
  providers: [ApiDocsService],
})
export class ApiDocsModule {}
