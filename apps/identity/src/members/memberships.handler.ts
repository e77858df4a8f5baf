import { type Envelope, IdentitySubjects, type MembershipGetInput, type MembershipGetResult } from '@bindery/contracts';
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
}
