import { type Envelope, IdentitySubjects, type List, type MemberSpace, type MemberSpacesInput } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MemberSpacesService } from './member-spaces.service';

@Controller()
export class MemberSpacesHandler {
  constructor(private readonly memberSpaces: MemberSpacesService) {}

  @MessagePattern(IdentitySubjects.memberSpaces)
  list(@Payload() { ctx, data }: Envelope<MemberSpacesInput>): Promise<List<MemberSpace>> {
    return this.memberSpaces.list(ctx, data);
  }
}
