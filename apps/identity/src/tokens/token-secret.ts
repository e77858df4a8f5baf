import { createHash } from 'node:crypto';
import { randomBase62 } from '@bindery/platform';

/** Prefix that makes a leaked Bindery token easy to recognise (and to scan for). */
export const TOKEN_PREFIX = 'bdy_';

/** A new token secret: 40 base62 characters (~238 bits). */
export const newTokenSecret = (): string => TOKEN_PREFIX + randomBase62(40);

/**
 * Tokens are long random secrets, so a fast unsalted SHA-256 is enough to make the stored value
 * useless to someone who reads the table, while keeping lookup a single indexed equality.
 */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
