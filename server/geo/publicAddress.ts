import net from 'node:net';

/**
 * Addresses no IP-location provider can place: private, loopback, link-local, shared (CGNAT),
 * unspecified and unique-local ranges. A user on the intranet is not looked up, and the
 * provider is not told the intranet's addresses.
 */
const UNPLACEABLE = new net.BlockList();
for (const [address, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) {
  UNPLACEABLE.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) {
  UNPLACEABLE.addSubnet(address, prefix, 'ipv6');
}

/** The address as a provider would be asked for it, or null when it is not worth asking. */
export function placeableAddress(ip: string): string | null {
  // IPv4 clients of a dual-stack server appear as ::ffff:a.b.c.d.
  const address = ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  const family = net.isIP(address);
  if (family === 0) return null;
  return UNPLACEABLE.check(address, family === 4 ? 'ipv4' : 'ipv6') ? null : address;
}
