import { IdentitySubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MemberSpacesService } from './member-spaces.service';

const S = IdentitySubjects;

@Controller()
export class MemberSpacesHandler {
  constructor(private readonly memberSpaces: MemberSpacesService) {}

  @MessagePattern(S.memberSpaces)
  list(@Payload() { ctx, data }: RpcEnvelope<typeof S.memberSpaces>): Promise<RpcResult<typeof S.memberSpaces>> {
    return this.memberSpaces.list(ctx, data);
  }
}
