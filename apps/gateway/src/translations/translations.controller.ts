import { type JsonDocument, type List, type RequestContext, type Translation, TranslationsSubjects } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { PageQuery } from '../common/page.query';
import { Ctx } from '../common/request-context.decorator';
import {
  CreateTranslationRequest,
  TranslationParams,
  TranslationsOrganizationParams,
  UpdateTranslationRequest,
} from './dto/translation.request';
import { Relayed } from '../common/relayed.decorator';

/** Translations of spaces; a run is queued for the translations worker (204 at once). */
@Controller('v1/orgs/:organizationId/translations')
export class TranslationsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @Relayed()
  list(
    @Ctx() ctx: RequestContext,
    @Param() params: TranslationsOrganizationParams,
    @Query() query: PageQuery,
  ): Promise<JsonBytes<List<Translation>>> {
    return this.services.relay(TranslationsSubjects.translationList, ctx, { ...query, organizationId: params.organizationId });
  }

  @Post()
  @Relayed()
  @HttpCode(201)
  create(
    @Ctx() ctx: RequestContext,
    @Param() params: TranslationsOrganizationParams,
    @Body() body: CreateTranslationRequest,
  ): Promise<JsonBytes<Translation>> {
    return this.services.relay(TranslationsSubjects.translationCreate, ctx, {
      organizationId: params.organizationId,
      language: body.language,
      source: { space: body.source.space, language: body.source.language },
      // Plain copies: the contract carries JSON objects, not DTO classes.
      ...(body.instructions ? { instructions: { ...body.instructions } as JsonDocument } : {}),
    });
  }

  @Get(':translationId')
  @Relayed()
  get(@Ctx() ctx: RequestContext, @Param() params: TranslationParams): Promise<JsonBytes<Translation>> {
    return this.services.relay(TranslationsSubjects.translationGet, ctx, { ...params });
  }

  @Put(':translationId')
  @Relayed()
  update(
    @Ctx() ctx: RequestContext,
    @Param() params: TranslationParams,
    @Body() body: UpdateTranslationRequest,
  ): Promise<JsonBytes<Translation>> {
    return this.services.relay(TranslationsSubjects.translationUpdate, ctx, {
      ...params,
      instructions: { ...body.instructions } as JsonDocument,
    });
  }

  @Delete(':translationId')
  @HttpCode(204)
  async delete(@Ctx() ctx: RequestContext, @Param() params: TranslationParams): Promise<void> {
    await this.services.send(TranslationsSubjects.translationDelete, ctx, { ...params });
  }

  @Post(':translationId/run')
  @HttpCode(204)
  async run(@Ctx() ctx: RequestContext, @Param() params: TranslationParams): Promise<void> {
    await this.services.send(TranslationsSubjects.translationRun, ctx, { ...params });
  }
}
