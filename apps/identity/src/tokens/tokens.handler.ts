import { IdentitySubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { TokensService } from './tokens.service';

const S = IdentitySubjects;

@Controller()
export class TokensHandler {
  constructor(private readonly tokens: TokensService) {}

  @MessagePattern(S.tokenVerify)
  verify(@Payload() { data }: RpcEnvelope<typeof S.tokenVerify>): Promise<RpcResult<typeof S.tokenVerify>> {
    return this.tokens.verify(data.token);
  }
}
