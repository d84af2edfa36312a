/** One attempt to use the network, as strace saw it. */
export interface NetworkAttempt {
  /** The process (or thread) that made the call. */
  pid: number;
  /** Its command name, as the kernel keeps it (at most 15 characters). */
  program: string;
  call: string;
  family: 'ipv4' | 'ipv6';
  /** The address it connected or sent to; null for the creation of a socket. */
  address: string | null;
  port: number | null;
  /** The host name a DNS query sent in this call asks for. */
  lookup: string | null;
  /** What the call returned, e.g. `-1 ENETUNREACH (Network is unreachable)` or `0`. */
  result: string;
}

export interface NetworkTrace {
  attempts: NetworkAttempt[];
  /** Whether the trace ends with a process's exit: a tracer stopped early leaves it cut. */
  complete: boolean;
}

const CALL = /^(\d+)<(.*?)> (socket|connect|sendto|sendmsg|sendmmsg)\((.*)$/;
const RESULT = /\) += (.*)$/;
const INET = /sa_family=AF_INET, sin_port=htons\((\d+)\), sin_addr=inet_addr\("([^"]*)"\)/g;
const INET6 = /sa_family=AF_INET6, sin6_port=htons\((\d+)\),[^}]*?inet_pton\(AF_INET6, "([^"]*)"/g;
const STRING = /"((?:[^"\\]|\\.)*)"/;
const EXIT = /^\d+<.*?> \+\+\+ (exited with \d+|killed by SIG\w+.*) \+\+\+$/;

// The bytes of a string as strace prints it: C escapes, octal (\1, \33) and hex (\x1b).
export function unescapeStrace(text: string): Buffer {
  const bytes: number[] = [];
  const simple: Record<string, number> = { n: 10, t: 9, r: 13, v: 11, f: 12, '"': 34, '\\': 92 };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? '';
    if (c !== '\\') {
      bytes.push(...Buffer.from(c, 'utf8'));
      continue;
    }
    const next = text[i + 1] ?? '';
    const hex = /^x([0-9a-fA-F]{2})/.exec(text.slice(i + 1));
    const octal = /^[0-7]{1,3}/.exec(text.slice(i + 1));
    if (hex) {
      bytes.push(parseInt(hex[1] ?? '0', 16));
      i += 3;
    } else if (octal) {
      bytes.push(parseInt(octal[0], 8) & 0xff);
      i += octal[0].length;
    } else {
      bytes.push(simple[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes);
}

// The name a DNS query packet asks for, or null when the bytes are not one.
export function dnsQueryName(packet: Buffer): string | null {
  if (packet.length < 17 || packet.readUInt16BE(4) !== 1) return null;
  const labels: string[] = [];
  let at = 12;
  while (at < packet.length) {
    const length = packet[at] ?? 0;
    if (length === 0) return labels.length > 0 && at + 4 < packet.length ? labels.join('.') : null;
    if (length > 63) return null;
    const label = packet.subarray(at + 1, at + 1 + length).toString('latin1');
    if (!/^[\x21-\x7e]+$/.test(label)) return null;
    labels.push(label);
    at += 1 + length;
  }
  return null;
}

interface Target {
  family: 'ipv4' | 'ipv6';
  address: string;
  port: number;
}

function addresses(args: string): Target[] {
  const of = (family: Target['family'], m: RegExpMatchArray): Target => ({
    family,
    port: Number(m[1]),
    address: m[2] ?? '',
  });
  return [
    ...[...args.matchAll(INET)].map((m) => of('ipv4', m)),
    ...[...args.matchAll(INET6)].map((m) => of('ipv6', m)),
  ];
}

/**
 * Reads strace's log of a run (`-f -Y` with the network calls traced) into the attempts to use
 * an internet socket: creating one (AF_INET, AF_INET6), connecting or sending to an internet
 * address, and the host names in DNS queries. Unix sockets, netlink, socketpair() and sends
 * without an address on a socket that is not an internet one are none of these.
 */
export function parseNetworkTrace(text: string): NetworkTrace {
  const attempts: NetworkAttempt[] = [];
  const lines = text.split('\n');
  // The resolver connects its socket first, then sends the query without an address.
  const lastInet = new Map<number, NetworkAttempt>();
  for (const line of lines) {
    const match = CALL.exec(line);
    if (!match) continue;
    const [, pidText, program = '', call = '', args = ''] = match;
    const pid = Number(pidText);
    const result = RESULT.exec(args)?.[1] ?? 'unfinished';
    const base = { pid, program, call, result, lookup: null };
    if (call === 'socket') {
      const family = /^AF_INET6\b/.test(args) ? 'ipv6' : /^AF_INET\b/.test(args) ? 'ipv4' : null;
      if (family) attempts.push({ ...base, family, address: null, port: null });
      continue;
    }
    const data = call === 'connect' ? null : STRING.exec(args)?.[1];
    const lookup = data === undefined || data === null ? null : dnsQueryName(unescapeStrace(data));
    const targets = addresses(args);
    if (targets.length === 0) {
      const previous = lastInet.get(pid);
      if (lookup && previous && previous.port === 53) {
        attempts.push({ ...previous, call, result, lookup });
      }
      continue;
    }
    for (const target of targets) {
      const attempt = { ...base, ...target, lookup };
      attempts.push(attempt);
      lastInet.set(pid, attempt);
    }
  }
  const last = lines.filter((l) => l.trim() !== '').pop() ?? '';
  return { attempts, complete: text.endsWith('\n') && EXIT.test(last) };
}

// One line for people: who tried to reach what, the first few distinct attempts.
export function describeNetworkAttempts(attempts: NetworkAttempt[], shown = 3): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  // A socket that was then connected or sent on is told by its address, and a connection to a
  // resolver by the name looked up through it.
  const addressed = new Set(attempts.filter((a) => a.address !== null).map((a) => a.pid));
  const endpoint = (a: NetworkAttempt) => `${a.pid} ${a.address}:${a.port}`;
  const resolved = new Set(attempts.filter((a) => a.lookup !== null).map(endpoint));
  for (const a of attempts) {
    if (a.address === null && addressed.has(a.pid)) continue;
    if (a.lookup === null && resolved.has(endpoint(a))) continue;
    const target =
      a.lookup !== null
        ? `looked up ${a.lookup} (DNS to ${a.address ?? '?'}:${a.port ?? '?'})`
        : a.address !== null
          ? `${a.call === 'connect' ? 'connected' : 'sent'} to ${a.family === 'ipv6' ? `[${a.address}]` : a.address}:${a.port}`
          : `opened an ${a.family === 'ipv6' ? 'IPv6' : 'IPv4'} socket`;
    const text = `${a.program || 'a process'} ${target}`;
    if (seen.has(text)) continue;
    seen.add(text);
    parts.push(text);
  }
  const more = parts.length > shown ? ` (and ${parts.length - shown} more)` : '';
  return `${parts.slice(0, shown).join('; ')}${more}`;
}
