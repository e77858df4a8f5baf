import { type Envelope, IdentitySubjects, type TokenVerifyInput, type TokenVerifyResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { TokensService } from './tokens.service';

@Controller()
export class TokensHandler {
  constructor(private readonly tokens: TokensService) {}

  @MessagePattern(IdentitySubjects.tokenVerify)
  verify(@Payload() { data }: Envelope<TokenVerifyInput>): Promise<TokenVerifyResult> {
    return this.tokens.verify(data.token);
  }
}
