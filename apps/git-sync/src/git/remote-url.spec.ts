import { AddressPolicy } from '@bindery/platform';
import { checkedAddress, pinnedAddressConfig } from './remote-url';

describe('pinnedAddressConfig: the curl pin git is given', () => {
  it.each([
    ['a host name to an IPv4 address', { host: 'git.example', port: 443, address: '93.184.216.34' }, 'git.example:443:93.184.216.34'],
    [
      'a host name to an IPv6 address, bracketed',
      { host: 'git.example', port: 80, address: '2606:4700::1111' },
      'git.example:80:[2606:4700::1111]',
    ],
  ])('pins %s', (_name, checked, entry) => {
    expect(pinnedAddressConfig(checked)).toEqual({ 'http.curloptResolve': entry });
  });

  // curl refuses `::1:443:[::1]` and `[::1]:443:[::1]` alike (CURLE_SETOPT_OPTION_SYNTAX), and
  // never resolves a literal: the connection goes to the checked address without a pin.
  it.each([
    { host: '2606:4700::1111', port: 443, address: '2606:4700::1111' },
    { host: '::1', port: 8080, address: '::1' },
    { host: '93.184.216.34', port: 443, address: '93.184.216.34' },
  ])('gives no pin for the IP-literal host $host', (checked) => {
    expect(pinnedAddressConfig(checked)).toEqual({});
  });
});

describe('checkedAddress', () => {
  it('checks a bracketed IPv6 literal by its address, unbracketed', async () => {
    const checked = await checkedAddress('http://[::1]:8080/r.git', AddressPolicy.fromList('::1'));
    expect(checked).toEqual({ host: '::1', port: 8080, address: '::1' });
  });

  it('refuses an IPv4-compatible loopback address even with 127.0.0.1 allowed', async () => {
    await expect(checkedAddress('http://[::127.0.0.1]:8080/r.git', AddressPolicy.fromList('127.0.0.1'))).rejects.toThrow(
      /the host ::7f00:1 is an IPv4-compatible address carrying 127\.0\.0\.1, a loopback address/,
    );
  });
});
