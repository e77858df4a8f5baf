import { preparedQuery } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { UserEntity } from './user.entity';

@Injectable()
export class UsersRepository {
  constructor(private readonly db: DataSource) {}

  /** Selected by hand: every write that names its author asks for the caller, and TypeORM's hydration cost more than the query. */
  async findById(id: string): Promise<UserEntity | null> {
    const rows = await preparedQuery<UserEntity>(
      this.db,
      'identity.user_by_id',
      'SELECT id, display_name AS "displayName", email, photo_url AS "photoURL", created_at AS "createdAt" FROM users WHERE id = $1',
      [id],
    );
    return rows[0] ?? null;
  }

  async findByEmail(email: string): Promise<UserEntity | null> {
    return this.db.getRepository(UserEntity).createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  async findByEmailWith(manager: EntityManager, email: string): Promise<UserEntity | null> {
    return manager.getRepository(UserEntity).createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  async count(): Promise<number> {
    return this.db.getRepository(UserEntity).count();
  }

  async insert(manager: EntityManager, user: Pick<UserEntity, 'id' | 'displayName' | 'email'>): Promise<UserEntity> {
    const repo = manager.getRepository(UserEntity);
    await repo.insert(user);
    return repo.findOneByOrFail({ id: user.id });
  }

  /** Inserts the user unless the email is taken (also by a concurrent insert); true when inserted. */
  async insertIfAbsent(manager: EntityManager, user: Pick<UserEntity, 'id' | 'displayName' | 'email'>): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      'INSERT INTO users (id, display_name, email) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING id',
      [user.id, user.displayName, user.email],
    );
    return rows.length > 0;
  }
}
