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

  /** The user with this email, created (with the local part as display name) when there is none yet. */
  async findOrCreateByEmail(manager: EntityManager, email: string, displayName?: string): Promise<UserEntity> {
    const existing = await this.users.findByEmail(email);
    if (existing) return existing;
    await manager.query('INSERT INTO users (id, display_name, email) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      newId(),
      displayName ?? email.slice(0, email.lastIndexOf('@')),
      email,
    ]);
    return (await this.users.findByEmailWith(manager, email))!;
  }
}
