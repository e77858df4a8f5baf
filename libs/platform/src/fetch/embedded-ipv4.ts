import ipaddr from 'ipaddr.js';

/** An IPv4 address carried inside an IPv6 one, and the form that carries it (for error messages). */
export interface EmbeddedIpv4 {
  form: string;
  address: ipaddr.IPv4;
}

/**
 * The `ipaddr.js` range names of IPv6 forms that carry an IPv4 address. Their range alone says
 * nothing about where a connection ends up, so they are judged by `embeddedIpv4` instead.
 * (`ipv4Mapped` is not here: `ipaddr.process` already turns it into the IPv4 address.)
 */
export const EMBEDDING_RANGES: ReadonlySet<string> = new Set(['rfc6145', 'rfc6052', '6to4', 'teredo']);

const IPV4_COMPATIBLE = ipaddr.IPv6.parse('::');
const NAT64_LOCAL_USE = ipaddr.IPv6.parse('64:ff9b:1::');

/** `::a.b.c.d`: the dotted IPv4-compatible form, which Node's resolver prints for `::7f00:1`. */
const DOTTED_COMPATIBLE = /^::(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(%.*)?$/;

/**
 * Parses an IP address as `ipaddr.process` does (a mapped `::ffff:a.b.c.d` becomes the IPv4
 * address it is on the wire), except that `::a.b.c.d` stays the IPv4-compatible IPv6 address it
 * is: ipaddr.js reads that deprecated form as a mapped one, which would judge `::127.0.0.1` (a
 * different address, reached only through a tunnel) as 127.0.0.1 itself.
 */
export function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const dotted = DOTTED_COMPATIBLE.exec(text);
  if (dotted && ipaddr.IPv4.isValidFourPartDecimal(dotted[1])) {
    const [a, b, c, d] = ipaddr.IPv4.parse(dotted[1]).octets;
    return new ipaddr.IPv6([0, 0, 0, 0, 0, 0, (a << 8) | b, (c << 8) | d]);
  }
  return ipaddr.process(text);
}

/** Two 16-bit groups of an IPv6 address as the IPv4 address they spell. */
const ipv4Of = (high: number, low: number): ipaddr.IPv4 => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 addresses an IPv6 address reaches through a tunnel or translator:
 *
 * - `::a.b.c.d` (IPv4-compatible, RFC 4291, deprecated) and `::ffff:0:a.b.c.d` (IPv4-translated,
 *   RFC 6145): the last 32 bits;
 * - `64:ff9b::a.b.c.d` (NAT64 well-known prefix, RFC 6052): the last 32 bits;
 * - `2002:aabb:ccdd::/48` (6to4, RFC 3056): bits 16 to 47;
 * - `2001:0:ssss:ssss:flags:port:cccc:cccc` (Teredo, RFC 4380): the server (bits 32 to 63) and the
 *   client (the last 32 bits, inverted), both of which receive its traffic.
 *
 * `'opaque'` for the local-use NAT64 prefix `64:ff9b:1::/48` (RFC 8215): where the IPv4 address
 * sits depends on the prefix length the local translator was set up with, so it cannot be read.
 * Undefined for an address that carries none.
 */
export function embeddedIpv4(ip: ipaddr.IPv6): EmbeddedIpv4[] | 'opaque' | undefined {
  const parts = ip.parts;
  if (ip.match(IPV4_COMPATIBLE, 96)) return [{ form: 'an IPv4-compatible address', address: ipv4Of(parts[6], parts[7]) }];
  if (ip.match(NAT64_LOCAL_USE, 48)) return 'opaque';
  const range = ip.range();
  if (range === 'rfc6145') return [{ form: 'an IPv4-translated address', address: ipv4Of(parts[6], parts[7]) }];
  // The only other rfc6052 range is the local-use prefix, answered above.
  if (range === 'rfc6052') return [{ form: 'a NAT64 address', address: ipv4Of(parts[6], parts[7]) }];
  if (range === '6to4') return [{ form: 'a 6to4 address', address: ipv4Of(parts[1], parts[2]) }];
  if (range === 'teredo')
    return [
      { form: 'a Teredo address (server)', address: ipv4Of(parts[2], parts[3]) },
      { form: 'a Teredo address (client)', address: ipv4Of(~parts[6] & 0xffff, ~parts[7] & 0xffff) },
    ];
  return undefined;
}
