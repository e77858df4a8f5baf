import type { NoInput } from '../context';
import type { IdentitySubjects } from './subjects';

/** Wire shape of an embedded user. */
export interface User {
  object: 'user';
  id: string;
  displayName: string;
  email?: string;
  photoURL?: string;
  urls: { location: string };
}

export interface UsersRpc {
  [IdentitySubjects.userGetCurrent]: { input: NoInput; result: User };
}
