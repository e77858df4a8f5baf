import ipaddr from 'ipaddr.js';
import { EMBEDDING_RANGES, embeddedIpv4, parseAddress } from './embedded-ipv4';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * Cloud metadata endpoints that sit on ordinary public unicast addresses, so range classification
 * alone would let them through (the others, 169.254.169.254, fd00:ec2::254 and 100.100.100.200,
 * are link-local, unique-local and CGNAT and refused as such).
 */
const METADATA_ADDRESSES = new Set(['168.63.129.16']);

/** Why a range is refused, in the words of an error message. */
const RANGE_REASONS: Record<string, string> = {
  private: 'a private address',
  loopback: 'a loopback address',
  linkLocal: 'a link-local address',
  uniqueLocal: 'a unique-local address',
  carrierGradeNat: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  unspecified: 'an unspecified address',
  reserved: 'a reserved address',
};

/**
 * Which addresses a server-side fetch may connect to: public unicast only (IPv4 and IPv6), unless
 * the operator allowed the host by name or the address by IP or CIDR range. An IPv6 address that
 * carries an IPv4 address (mapped, IPv4-compatible, NAT64, 6to4, Teredo: see `embedded-ipv4.ts`)
 * is judged by the IPv4 address it reaches.
 */
export class AddressPolicy {
  private constructor(
    private readonly hosts: ReadonlySet<string>,
    private readonly ranges: readonly Range[],
  ) {}

  /** Nothing private allowed. */
  static strict(): AddressPolicy {
    return new AddressPolicy(new Set(), []);
  }

  /**
   * From the operator's list: comma-separated host names (any address they resolve to is
   * allowed), IP addresses and CIDR ranges. Throws naming the first entry that is none of these.
   */
  static fromList(list: string | undefined): AddressPolicy {
    const hosts = new Set<string>();
    const ranges: Range[] = [];
    for (const raw of (list ?? '').split(',')) {
      const entry = raw.trim().toLowerCase();
      if (entry === '') continue;
      if (entry.includes('/')) {
        try {
          ranges.push(ipaddr.parseCIDR(entry));
        } catch {
          throw new Error(`"${entry}" is not a CIDR range such as 10.0.0.0/8`);
        }
      } else if (ipaddr.isValid(entry)) {
        const address = parseAddress(entry);
        ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
      } else if (/^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/.test(entry)) {
        hosts.add(entry);
      } else {
        throw new Error(`"${entry}" is neither a host name, an IP address nor a CIDR range`);
      }
    }
    return new AddressPolicy(hosts, ranges);
  }

  /** Whether the operator allowed this host name, so that it may resolve to private addresses. */
  allowsHost(host: string): boolean {
    return this.hosts.has(host.toLowerCase());
  }

  /**
   * Undefined when `address` may be connected to for `host`, else what the address is, as in
   * "a loopback address".
   */
  refusal(address: string, host: string): string | undefined {
    if (!ipaddr.isValid(address)) return 'not an IP address';
    const ip = parseAddress(address);
    if (this.allowsHost(host) || this.ranges.some((range) => inRange(ip, range))) return undefined;
    const own = rangeRefusal(ip);
    if (own) return own;
    if (ip.kind() === 'ipv6') return embeddedRefusal(ip as ipaddr.IPv6);
    return undefined;
  }
}

/** Why an address is refused by what range it is in alone, or undefined for public unicast. */
function rangeRefusal(ip: ipaddr.IPv4 | ipaddr.IPv6): string | undefined {
  if (METADATA_ADDRESSES.has(ip.toString())) return 'a cloud metadata address';
  const range = ip.range();
  if (range === 'unicast' || EMBEDDING_RANGES.has(range)) return undefined;
  return RANGE_REASONS[range] ?? `not a public address (${range})`;
}

/**
 * An IPv6 address whose traffic a tunnel or translator delivers to an IPv4 address is refused
 * when that IPv4 address would be. The operator's allowed ranges are not applied to the IPv4
 * address: allowing 127.0.0.1 allows connecting to it, not to whatever relays to it (an operator
 * who wants that lists the IPv6 form itself).
 */
function embeddedRefusal(ip: ipaddr.IPv6): string | undefined {
  const embedded = embeddedIpv4(ip);
  if (embedded === undefined) return undefined;
  if (embedded === 'opaque') return 'a local-use NAT64 address (the IPv4 address it reaches cannot be told)';
  for (const { form, address } of embedded) {
    const refusal = rangeRefusal(address);
    if (refusal) return `${form} carrying ${address.toString()}, ${refusal}`;
  }
  return undefined;
}

function inRange(ip: ipaddr.IPv4 | ipaddr.IPv6, [network, bits]: Range): boolean {
  if (ip.kind() !== network.kind()) return false;
  return ip.kind() === 'ipv4' ? (ip as ipaddr.IPv4).match(network, bits) : (ip as ipaddr.IPv6).match(network, bits);
}
