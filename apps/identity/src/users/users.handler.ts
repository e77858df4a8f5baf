import { type Envelope, IdentitySubjects, type User } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { UsersService } from './users.service';

@Controller()
export class UsersHandler {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(IdentitySubjects.userGetCurrent)
  getCurrent(@Payload() { ctx }: Envelope<unknown>): Promise<User> {
    return this.users.getCurrent(ctx);
  }
}
