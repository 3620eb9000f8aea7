import dns from 'node:dns/promises';
import net from 'node:net';

/**
 * Addresses a webhook may not reach unless the operator allows private networks: loopback, the
 * private ranges, carrier-grade NAT, link-local (cloud metadata at 169.254.169.254), unspecified,
 * multicast, reserved and documentation/benchmark ranges, on IPv4 and IPv6.
 */
const BLOCKED = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv6');

/** True for an address a webhook may reach only with allowPrivate. */
export function isPrivateAddress(address: string): boolean {
  // ::ffff:10.0.0.1 is 10.0.0.1: check the IPv4 address it carries.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return BLOCKED.check(mapped, 'ipv4');
  const family = net.isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family === 6) return BLOCKED.check(address, 'ipv6');
  return true;
}

export type AddressCheck =
  | { ok: true; address: string; family: 4 | 6 }
  | { ok: false; reason: 'unresolved'; host: string }
  | { ok: false; reason: 'private'; host: string; address: string };

/**
 * Resolves the URL's host and picks the address to connect to. Every address the name resolves to
 * must be allowed (a name with one public and one private address is refused), and the request then
 * connects to the address checked here, so a second lookup cannot swap in another one.
 */
export async function checkAddress(url: string, allowPrivate: boolean): Promise<AddressCheck> {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await dns.lookup(host, { all: true, verbatim: true });
    } catch {
      return { ok: false, reason: 'unresolved', host };
    }
  }
  const first = addresses[0];
  if (!first) return { ok: false, reason: 'unresolved', host };
  if (!allowPrivate) {
    const blocked = addresses.find((a) => isPrivateAddress(a.address));
    if (blocked) return { ok: false, reason: 'private', host, address: blocked.address };
  }
  return { ok: true, address: first.address, family: first.family === 6 ? 6 : 4 };
}
