import {
  type Envelope,
  IdentitySubjects,
  type MembershipGetInput,
  type MembershipGetResult,
  type MembershipsAmongInput,
  type MembershipsAmongResult,
} from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MembershipsService } from './memberships.service';

@Controller()
export class MembershipsHandler {
  constructor(private readonly memberships: MembershipsService) {}

  /** Lets other contexts authorise against a user's organization role. */
  @MessagePattern(IdentitySubjects.membershipGet)
  async get(@Payload() { data }: Envelope<MembershipGetInput>): Promise<MembershipGetResult> {
    const role = await this.memberships.roleOf(data.organizationId, data.userId);
    return { role: role ?? null, member: role !== undefined };
  }

  /** Lets other contexts check that users they are about to name (reviewers) belong to an organization. */
  @MessagePattern(IdentitySubjects.membershipsAmong)
  among(@Payload() { ctx, data }: Envelope<MembershipsAmongInput>): Promise<MembershipsAmongResult> {
    return this.memberships.among(data, ctx.baseUrl);
  }
}
