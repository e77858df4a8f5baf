import type { User } from '@bindery/contracts';
import type { UserEntity } from './user.entity';

export function toUser(user: UserEntity, baseUrl: string): User {
  const out: User = {
    object: 'user',
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    urls: { location: `${baseUrl}/v1/users/${user.id}` },
  };
  if (user.photoURL) out.photoURL = user.photoURL;
  return out;
}
