import { isIPv6 } from 'node:net';

/**
 * What the OTP limits count as one requesting address. An IPv6 client is commonly given a whole /64
 * (a phone on a mobile network, a home router), so any address in it could be its own: the /64 counts
 * as one. An IPv4-mapped IPv6 address is its IPv4 address.
 */
export function clientNetwork(ip: string): string {
  const address = ip.replace(/%.*$/, ''); // a zone id names the local interface, not the client
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const front = head === '' ? [] : head.split(':');
  const back = tail === undefined || tail === '' ? [] : tail.split(':');
  // A dotted IPv4 tail stands for two groups; it only ever sits after the /64 prefix.
  const backGroups = back.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = tail === undefined ? front : [...front, ...Array<string>(Math.max(0, 8 - front.length - backGroups)).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
