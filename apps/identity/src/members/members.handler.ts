import {
  type Envelope,
  IdentitySubjects,
  type List,
  type Member,
  type MemberInput,
  type MemberListInput,
  type MemberUpdateInput,
  type OrgScopedInput,
  type PingResult,
} from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MembersService } from './members.service';

@Controller()
export class MembersHandler {
  constructor(private readonly members: MembersService) {}

  @MessagePattern(IdentitySubjects.memberList)
  list(@Payload() { ctx, data }: Envelope<MemberListInput>): Promise<List<Member>> {
    return this.members.list(ctx, data);
  }

  @MessagePattern(IdentitySubjects.memberGet)
  get(@Payload() { ctx, data }: Envelope<MemberInput>): Promise<Member> {
    return this.members.get(ctx, data);
  }

  @MessagePattern(IdentitySubjects.memberUpdate)
  update(@Payload() { ctx, data }: Envelope<MemberUpdateInput>): Promise<Member> {
    return this.members.update(ctx, data);
  }

  @MessagePattern(IdentitySubjects.memberRemove)
  async remove(@Payload() { ctx, data }: Envelope<MemberInput>): Promise<Record<string, never>> {
    await this.members.remove(ctx, data);
    return {};
  }

  @MessagePattern(IdentitySubjects.memberSetSso)
  setSso(@Payload() { ctx, data }: Envelope<MemberInput>): Promise<Member> {
    return this.members.setSso(ctx, data);
  }

  @MessagePattern(IdentitySubjects.memberPing)
  ping(@Payload() { ctx, data }: Envelope<OrgScopedInput>): Promise<PingResult> {
    return this.members.ping(ctx, data.organizationId);
  }
}
