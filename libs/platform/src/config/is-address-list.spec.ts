import { IsOptional } from 'class-validator';
import { IsAddressList } from './is-address-list';
import { loadConfig } from './load-config';

class FetchEnv {
  @IsOptional()
  @IsAddressList()
  ALLOW_PRIVATE_HOSTS?: string;
}

describe('IsAddressList', () => {
  it('accepts host names, addresses and CIDR ranges', () => {
    expect(loadConfig(FetchEnv, { ALLOW_PRIVATE_HOSTS: 'git.internal,10.0.0.0/8,::1' }).ALLOW_PRIVATE_HOSTS).toBe(
      'git.internal,10.0.0.0/8,::1',
    );
  });

  it('stops the app naming the variable and what is wrong', () => {
    expect(() => loadConfig(FetchEnv, { ALLOW_PRIVATE_HOSTS: '10.0.0.0/99' })).toThrow(
      /ALLOW_PRIVATE_HOSTS: must be comma-separated host names, IP addresses or CIDR ranges: /,
    );
  });
});
