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
  ])('refuses %s', (address, reason) => {
    expect(strict.refusal(address, 'example.org')).toMatch(reason);
  });

  // IPv6 forms that a tunnel or translator delivers to an IPv4 address are judged by that address.
  it.each([
    ['::127.0.0.1', /^an IPv4-compatible address carrying 127\.0\.0\.1, a loopback address$/],
    ['::7f00:1', /IPv4-compatible address carrying 127\.0\.0\.1, a loopback/],
    ['::169.254.169.254', /IPv4-compatible address carrying 169\.254\.169\.254, a link-local/],
    ['::10.0.0.1', /IPv4-compatible address carrying 10\.0\.0\.1, a private/],
    ['::168.63.129.16', /IPv4-compatible address carrying 168\.63\.129\.16, a cloud metadata/],
    ['::ffff:0:127.0.0.1', /IPv4-translated address carrying 127\.0\.0\.1, a loopback/],
    ['64:ff9b::127.0.0.1', /NAT64 address carrying 127\.0\.0\.1, a loopback/],
    ['64:ff9b::a00:1', /NAT64 address carrying 10\.0\.0\.1, a private/],
    ['64:ff9b:1::5db8:d822', /local-use NAT64/],
    ['64:ff9b:1:5db8:d822::', /local-use NAT64/],
    ['2002:7f00:1::1', /6to4 address carrying 127\.0\.0\.1, a loopback/],
    ['2002:a00:1::', /6to4 address carrying 10\.0\.0\.1, a private/],
    ['2002:a9fe:a9fe::', /6to4 address carrying 169\.254\.169\.254, a link-local/],
    ['2001::1', /Teredo address \(server\) carrying 0\.0\.0\.0, an unspecified/],
    // Server 65.54.227.120 (public), client 192.0.2.45 (documentation, reserved): the RFC 4380 example.
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', /Teredo address \(client\) carrying 192\.0\.2\.45, a reserved/],
    ['2001:0:a00:1::', /Teredo address \(server\) carrying 10\.0\.0\.1, a private/],
  ])('refuses %s by the IPv4 address it carries', (address, reason) => {
    expect(strict.refusal(address, 'example.org')).toMatch(reason);
  });

  it.each([
    '93.184.216.34',
    '2606:4700::1111',
    '::ffff:93.184.216.34',
    // The same public IPv4 address through each tunnel or translator.
    '::93.184.216.34',
    '::ffff:0:93.184.216.34',
    '64:ff9b::93.184.216.34',
    '2002:5db8:d822::1',
    // Teredo server 65.54.227.120, client 93.184.216.34 (inverted: a247:27dd).
    '2001:0:4136:e378:8000:63bf:a247:27dd',
  ])('allows the public address %s', (address) => {
    expect(strict.refusal(address, 'example.org')).toBeUndefined();
  });

  it('does not stretch an allowed IPv4 address to the IPv6 forms that relay to it', () => {
    const policy = AddressPolicy.fromList('127.0.0.1');
    expect(policy.refusal('::ffff:127.0.0.1', 'x')).toBeUndefined();
    expect(policy.refusal('::127.0.0.1', 'x')).toMatch(/loopback/);
    expect(policy.refusal('64:ff9b::127.0.0.1', 'x')).toMatch(/loopback/);
    expect(policy.refusal('2002:7f00:1::', 'x')).toMatch(/loopback/);
    // Listing the IPv6 form allows it.
    expect(AddressPolicy.fromList('64:ff9b::/96').refusal('64:ff9b::127.0.0.1', 'x')).toBeUndefined();
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
