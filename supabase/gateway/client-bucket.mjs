// @ts-check
// The client a request counts against when the database is shared out: the same bucket the
// database's rate limit uses (private.address_bucket in the migrations), so one visitor is one
// client however they spell their address. An IPv4 address is its own bucket; IPv6 goes by
// its /64, since a subscriber is handed a whole /64 and can take a new address per request.
import { isIPv4, isIPv6 } from 'node:net';
import { forwardedFor } from './http.mjs';

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {number} trustProxy proxies in front whose X-Forwarded-For entries are believed
 */
export function requestClient(req, trustProxy) {
  return clientBucket(forwardedFor(req, trustProxy).split(',').at(-1) ?? '');
}

/**
 * @param {string} address as the database would read it: IPv4, IPv6, either with a port
 * @returns {string} the IPv4 address, the IPv6 /64, or 'unparseable' / 'absent'
 */
export function clientBucket(address) {
  let raw = address.trim();
  if (raw === '') return 'absent';
  // Some proxies keep the client's port: "[2001:db8::1]:443", "203.0.113.7:51234".
  raw = raw.replace(/^\[([^\]]*)\](:\d+)?$/, '$1').replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1');
  // A netmask says nothing about the client.
  raw = raw.replace(/\/\d+$/, '');
  if (isIPv4(raw)) return raw;
  if (!isIPv6(raw)) return 'unparseable';
  const groups = ipv6Groups(raw.replace(/%.*$/, ''));
  // IPv4-mapped (::ffff:203.0.113.7) is the IPv4 client.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address. @param {string} address */
function ipv6Groups(address) {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === null ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((group) => parseInt(group, 16));
}
