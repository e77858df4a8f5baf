import { AddressPolicy } from './address-policy';

describe('AddressPolicy', () => {
  const strict = AddressPolicy.strict();

  it.each([
    ['10.1.2.3', /private/],
    ['172.16.0.1', /private/],
    ['192.168.1.1', /private/],
    ['127.0.0.1', /loopback/],
    ['169.254.169.254', /link-local/],
    ['100.64.0.1', /carrier-grade NAT/],
    ['100.100.100.200', /carrier-grade NAT/],
    ['168.63.129.16', /cloud metadata/],
    ['224.0.0.1', /multicast/],
    ['0.0.0.0', /unspecified/],
    ['255.255.255.255', /broadcast/],
    ['198.18.0.1', /reserved/],
    ['::1', /loopback/],
    ['::', /unspecified/],
    ['fe80::1', /link-local/],
    ['fc00::1', /unique-local/],
    ['fd00:ec2::254', /unique-local/],
    ['ff02::1', /multicast/],
    ['::ffff:127.0.0.1', /loopback/],
    ['::ffff:10.0.0.1', /private/],
    ['64:ff9b::a00:1', /not a public address/],
    ['2002:a00:1::', /not a public address/],
    ['2001::1', /not a public address/],
  ])('refuses %s', (address, reason) => {
    expect(strict.refusal(address, 'example.org')).toMatch(reason);
  });

  it.each(['93.184.216.34', '2606:4700::1111', '::ffff:93.184.216.34'])('allows the public address %s', (address) => {
    expect(strict.refusal(address, 'example.org')).toBeUndefined();
  });

  it('refuses what is not an IP address', () => {
    expect(strict.refusal('example.org', 'example.org')).toBe('not an IP address');
  });

  it('allows listed hosts, addresses and ranges, and nothing else private', () => {
    const policy = AddressPolicy.fromList(' files.internal , 127.0.0.1, 10.0.0.0/8,fd00::/8 ,');
    expect(policy.refusal('192.168.0.9', 'FILES.internal')).toBeUndefined();
    expect(policy.refusal('127.0.0.1', 'other.example')).toBeUndefined();
    expect(policy.refusal('::ffff:127.0.0.1', 'other.example')).toBeUndefined();
    expect(policy.refusal('10.200.0.1', 'other.example')).toBeUndefined();
    expect(policy.refusal('fd12::1', 'other.example')).toBeUndefined();
    expect(policy.refusal('127.0.0.2', 'other.example')).toMatch(/loopback/);
    expect(policy.refusal('192.168.0.9', 'other.example')).toMatch(/private/);
  });

  it.each([
    ['10.0.0.0/33', /CIDR/],
    ['http://x', /CIDR/],
    ['-bad.example', /neither/],
    ['bad host', /neither/],
  ])('refuses the list entry %s', (entry, message) => {
    expect(() => AddressPolicy.fromList(entry)).toThrow(message);
  });
});
