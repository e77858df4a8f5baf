import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { UserEntity } from '../users/user.entity';

/** SSO identities: which account a provider's NameID signs in to. */
@Injectable()
export class SsoIdentitiesRepository {
  /** The user bound to this NameID of the provider, if any. */
  async findUser(manager: EntityManager, providerId: string, nameId: string): Promise<UserEntity | null> {
    return manager
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .innerJoin('sso_identities', 'i', 'i.user_id = u.id')
      .where('i.provider_id = :providerId AND i.name_id = :nameId', { providerId, nameId })
      .getOne();
  }

  /** Binds the NameID to the user; false when either is already bound (one identity per user and provider). */
  async bind(manager: EntityManager, providerId: string, nameId: string, userId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      'INSERT INTO sso_identities (provider_id, name_id, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING user_id',
      [providerId, nameId, userId],
    );
    return rows.length > 0;
  }
}
