import { type RpcEnvelope, type RpcResult, TranslationsSubjects as S } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { TranslationsService } from './translations.service';

@Controller()
export class TranslationsHandler {
  constructor(private readonly translations: TranslationsService) {}

  @MessagePattern(S.translationList)
  list(@Payload() { ctx, data }: RpcEnvelope<typeof S.translationList>): Promise<RpcResult<typeof S.translationList>> {
    return this.translations.list(ctx, data);
  }

  @MessagePattern(S.translationCreate)
  create(@Payload() { ctx, data }: RpcEnvelope<typeof S.translationCreate>): Promise<RpcResult<typeof S.translationCreate>> {
    return this.translations.create(ctx, data);
  }

  @MessagePattern(S.translationGet)
  get(@Payload() { ctx, data }: RpcEnvelope<typeof S.translationGet>): Promise<RpcResult<typeof S.translationGet>> {
    return this.translations.get(ctx, data);
  }

  @MessagePattern(S.translationUpdate)
  update(@Payload() { ctx, data }: RpcEnvelope<typeof S.translationUpdate>): Promise<RpcResult<typeof S.translationUpdate>> {
    return this.translations.update(ctx, data);
  }

  @MessagePattern(S.translationDelete)
  async delete(@Payload() { ctx, data }: RpcEnvelope<typeof S.translationDelete>): Promise<RpcResult<typeof S.translationDelete>> {
    await this.translations.delete(ctx, data);
    return {};
  }

  @MessagePattern(S.translationRun)
  async run(@Payload() { ctx, data }: RpcEnvelope<typeof S.translationRun>): Promise<RpcResult<typeof S.translationRun>> {
    await this.translations.run(ctx, data);
    return {};
  }
}
