import { Matches } from 'class-validator';
import { DOMAIN_NAME } from './identity-validators';

export class EmailDomainParams {
  @Matches(DOMAIN_NAME, { message: 'emailDomain must be a domain name such as example.com' })
  emailDomain!: string;
}
