import { type RpcEnvelope, type RpcResult, SitesSubjects } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CustomizationService } from './customization.service';

const S = SitesSubjects;

@Controller()
export class CustomizationHandler {
  constructor(private readonly customization: CustomizationService) {}

  @MessagePattern(S.customizationGet)
  get(@Payload() { ctx, data }: RpcEnvelope<typeof S.customizationGet>): Promise<RpcResult<typeof S.customizationGet>> {
    return this.customization.get(ctx, data);
  }

  @MessagePattern(S.customizationPut)
  put(@Payload() { ctx, data }: RpcEnvelope<typeof S.customizationPut>): Promise<RpcResult<typeof S.customizationPut>> {
    return this.customization.put(ctx, data);
  }

  @MessagePattern(S.siteSpaceCustomizationGet)
  getSiteSpace(
    @Payload() { ctx, data }: RpcEnvelope<typeof S.siteSpaceCustomizationGet>,
  ): Promise<RpcResult<typeof S.siteSpaceCustomizationGet>> {
    return this.customization.getSiteSpace(ctx, data);
  }

  @MessagePattern(S.siteSpaceCustomizationPatch)
  patchSiteSpace(
    @Payload() { ctx, data }: RpcEnvelope<typeof S.siteSpaceCustomizationPatch>,
  ): Promise<RpcResult<typeof S.siteSpaceCustomizationPatch>> {
    return this.customization.patchSiteSpace(ctx, data);
  }

  @MessagePattern(S.siteSpaceCustomizationDelete)
  deleteSiteSpace(
    @Payload() { ctx, data }: RpcEnvelope<typeof S.siteSpaceCustomizationDelete>,
  ): Promise<RpcResult<typeof S.siteSpaceCustomizationDelete>> {
    return this.customization.deleteSiteSpace(ctx, data);
  }
}
