import { IdentitySubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { UsersService } from './users.service';

const S = IdentitySubjects;

@Controller()
export class UsersHandler {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(S.userGetCurrent)
  getCurrent(@Payload() { ctx }: RpcEnvelope<typeof S.userGetCurrent>): Promise<RpcResult<typeof S.userGetCurrent>> {
    return this.users.getCurrent(ctx);
  }
}
