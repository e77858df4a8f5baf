import { IdentitySubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MembershipsService } from './memberships.service';

const S = IdentitySubjects;

@Controller()
export class MembershipsHandler {
  constructor(private readonly memberships: MembershipsService) {}

  /** Lets other contexts authorise against a user's organization role. */
  @MessagePattern(S.membershipGet)
  async get(@Payload() { data }: RpcEnvelope<typeof S.membershipGet>): Promise<RpcResult<typeof S.membershipGet>> {
    const role = await this.memberships.roleOf(data.organizationId, data.userId);
    return { role: role ?? null, member: role !== undefined };
  }

  /** Lets other contexts check that users they are about to name (reviewers) belong to an organization. */
  @MessagePattern(S.membershipsAmong)
  among(@Payload() { ctx, data }: RpcEnvelope<typeof S.membershipsAmong>): Promise<RpcResult<typeof S.membershipsAmong>> {
    return this.memberships.among(data, ctx.baseUrl);
  }
}
