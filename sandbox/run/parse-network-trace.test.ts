import { describe, expect, it } from 'vitest';
import {
  describeNetworkAttempts,
  dnsQueryName,
  parseNetworkTrace,
  unescapeStrace,
} from './parse-network-trace.js';

// Lines as strace 6.1 writes them with -f -q -Y in the runner image.
const NODE_FETCH = [
  '28<node> socket(AF_NETLINK, SOCK_RAW|SOCK_CLOEXEC, NETLINK_ROUTE) = 18',
  '28<node> sendto(18, [{nlmsg_len=20, nlmsg_type=RTM_GETADDR, nlmsg_flags=NLM_F_REQUEST|NLM_F_DUMP, nlmsg_seq=1796079819, nlmsg_pid=0}, {ifa_family=AF_UNSPEC, ...}], 20, 0, {sa_family=AF_NETLINK, nl_pid=0, nl_groups=00000000}, 12) = 20',
  '28<node> socket(AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC|SOCK_NONBLOCK, 0) = 18',
  '28<node> connect(18, {sa_family=AF_UNIX, sun_path="/var/run/nscd/socket"}, 110) = -1 ENOENT (No such file or directory)',
  '28<node> socket(AF_INET, SOCK_DGRAM|SOCK_CLOEXEC|SOCK_NONBLOCK, IPPROTO_IP) = 18',
  '28<node> connect(18, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("127.0.0.1")}, 16) = 0',
  '28<node> sendmmsg(18, [{msg_hdr={msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base="M\\333\\1\\0\\0\\1\\0\\0\\0\\0\\0\\0\\10registry\\5npmjs\\3org\\0\\0\\1\\0\\1", iov_len=36}], msg_iovlen=1, msg_controllen=0, msg_flags=0}, msg_len=36}], 2, MSG_NOSIGNAL) = 1',
  '20<node> +++ exited with 0 +++',
  '17<sh> +++ exited with 0 +++',
  '',
].join('\n');

describe('parseNetworkTrace', () => {
  it('finds the socket, the connection to the resolver and the name looked up', () => {
    const { attempts, complete } = parseNetworkTrace(NODE_FETCH);
    expect(complete).toBe(true);
    expect(attempts.map((a) => [a.call, a.family, a.address, a.port, a.lookup])).toEqual([
      ['socket', 'ipv4', null, null, null],
      ['connect', 'ipv4', '127.0.0.1', 53, null],
      ['sendmmsg', 'ipv4', '127.0.0.1', 53, 'registry.npmjs.org'],
    ]);
    expect(attempts[1]).toMatchObject({ pid: 28, program: 'node', result: '0' });
    expect(describeNetworkAttempts(attempts)).toBe(
      'node looked up registry.npmjs.org (DNS to 127.0.0.1:53)',
    );
  });

  it('reads IPv6 addresses and failed connections', () => {
    const line =
      '15<python3> connect(5, {sa_family=AF_INET6, sin6_port=htons(443), sin6_flowinfo=htonl(0), inet_pton(AF_INET6, "2606:4700::1111", &sin6_addr), sin6_scope_id=0}, 28) = -1 ENETUNREACH (Network is unreachable)\n';
    const [attempt] = parseNetworkTrace(line).attempts;
    expect(attempt).toMatchObject({
      program: 'python3',
      family: 'ipv6',
      address: '2606:4700::1111',
      port: 443,
      result: '-1 ENETUNREACH (Network is unreachable)',
    });
    expect(describeNetworkAttempts([attempt!])).toBe('python3 connected to [2606:4700::1111]:443');
  });

  it('ignores unix sockets, socketpairs, netlink and sends without an internet address', () => {
    const trace = [
      '15<python3> sendto(3, "x", 1, 0, NULL, 0) = 1',
      '15<python3> socket(AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC, 0) = 5',
      '15<python3> connect(5, {sa_family=AF_UNIX, sun_path="/tmp/pymp-1/listener"}, 110) = 0',
      '15<python3> sendmsg(5, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base="\\0\\0\\0\\4", iov_len=4}]}, 0) = 4',
      '16<python3> +++ exited with 0 +++',
      '',
    ].join('\n');
    expect(parseNetworkTrace(trace)).toEqual({ attempts: [], complete: true });
  });

  it('is incomplete when the trace does not end with an exit', () => {
    expect(parseNetworkTrace('15<sh> socket(AF_INET, SOCK_STREAM, 0').complete).toBe(false);
    expect(parseNetworkTrace('').complete).toBe(false);
  });
});

describe('dnsQueryName', () => {
  it('decodes a query packet and refuses other bytes', () => {
    const packet = unescapeStrace(
      '\\34\\337\\1\\0\\0\\1\\0\\0\\0\\0\\0\\0\\4pypi\\3org\\0\\0\\34\\0\\1',
    );
    expect(dnsQueryName(packet)).toBe('pypi.org');
    expect(dnsQueryName(Buffer.from('hello world, not dns'))).toBeNull();
  });

  it('reads hex escapes', () => {
    expect(unescapeStrace('a\\x41\\n').toString('latin1')).toBe('aA\n');
  });
});
