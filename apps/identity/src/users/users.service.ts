import type { RequestContext, User } from '@bindery/contracts';
import { conflict, newId, notFound, unauthorized } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { UserEntity } from './user.entity';
import { toUser } from './user.mapper';
import { UsersRepository } from './users.repository';

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly db: DataSource,
  ) {}

  async getCurrent(ctx: RequestContext): Promise<User> {
    if (!ctx.caller) throw unauthorized();
    const user = await this.users.findById(ctx.caller.userId);
    if (!user) throw notFound('User not found');
    return toUser(user, ctx.baseUrl);
  }

  async create(email: string, displayName: string): Promise<UserEntity> {
    if (await this.users.findByEmail(email)) throw conflict(`A user with email ${email} already exists`);
    return this.users.insert(this.db.manager, { id: newId(), email, displayName });
  }

  async findByEmail(email: string): Promise<UserEntity> {
    const user = await this.users.findByEmail(email);
    if (!user) throw notFound(`No user with email ${email}`);
    return user;
  }

  count(): Promise<number> {
    return this.users.count();
  }

  async findById(id: string): Promise<UserEntity> {
    const user = await this.users.findById(id);
    if (!user) throw notFound(`No user with id ${id}`);
    return user;
  }

  /** The user with this email (any case), or null. */
  findByEmailIn(manager: EntityManager, email: string): Promise<UserEntity | null> {
    return this.users.findByEmailWith(manager, email);
  }

  /** A new user with this email; null when the email is already taken (also by a concurrent insert). */
  async createIfAbsent(manager: EntityManager, email: string, displayName?: string): Promise<UserEntity | null> {
    const inserted = await this.users.insertIfAbsent(manager, {
      id: newId(),
      displayName: displayName ?? email.slice(0, email.lastIndexOf('@')),
      email,
    });
    return inserted ? this.users.findByEmailWith(manager, email) : null;
  }
}
