import { describe, expect, it } from 'vitest';
import { parseEngineUrl, type TlsDefaults } from './parse-engine-url.js';

const off: TlsDefaults = { mode: 'off', certDir: '/home/x/.docker', certDirFrom: '~/.docker' };
const verify: TlsDefaults = { mode: 'verify', certDir: '/certs', certDirFrom: 'DOCKER_CERT_PATH' };
const parse = (text: string, tls = off) =>
  parseEngineUrl(text, { origin: '--engine ', tls, home: '/home/x' });

describe('parseEngineUrl', () => {
  it('reads a socket, plain TCP with the default port, and ssh', () => {
    expect(parse('unix:///run/a/docker.sock')).toEqual({
      kind: 'unix',
      url: 'unix:///run/a/docker.sock',
      socketPath: '/run/a/docker.sock',
      jobs: null,
    });
    expect(parse('tcp://10.1.2.3')).toMatchObject({ host: '10.1.2.3', port: 2375, tls: null });
    expect(parse('ssh://me@host.example:2222')).toEqual({
      kind: 'ssh',
      url: 'ssh://me@host.example:2222',
      host: 'host.example',
      port: 2222,
      user: 'me',
      jobs: null,
    });
    expect(parse('ssh://box')).toMatchObject({ user: null, port: null });
  });

  it('turns TCP into https with the environment TLS, the default port 2376, and #certs= per engine', () => {
    expect(parse('tcp://h', verify)).toMatchObject({
      protocol: 'https',
      port: 2376,
      tls: { verify: true, certDir: '/certs', certDirFrom: 'DOCKER_CERT_PATH' },
    });
    expect(parse('tcp://h:2376#certs=~/pool/h&jobs=3')).toMatchObject({
      url: 'tcp://h:2376',
      protocol: 'https',
      tls: { verify: true, certDir: '/home/x/pool/h', certDirFrom: '#certs=' },
      jobs: 3,
    });
    // http:// is plain whatever the environment says; https:// alone trusts the system's CAs.
    expect(parse('http://h:2375', verify)).toMatchObject({ protocol: 'http', tls: null });
    expect(parse('https://h:443')).toMatchObject({
      protocol: 'https',
      tls: { verify: true, certDir: null },
    });
  });

  it('keeps #jobs=N apart from the URL', () => {
    expect(parse('unix:///s.sock#jobs=8')).toMatchObject({ url: 'unix:///s.sock', jobs: 8 });
  });

  it.each([
    ['tcp://h#jobs=0', /^--engine tcp:\/\/h#jobs=0: jobs must be at least 1$/],
    ['tcp://h#jobs=two', /jobs must be a number/],
    ['tcp://h#jobs=1.5', /jobs must be a whole number/],
    ['tcp://h#jobs=1&jobs=2', /#jobs is given twice/],
    ['tcp://h#cpus=2', /unknown setting #cpus \(known: #jobs=N, #certs=DIR\)/],
    ['unix://relative.sock', /the socket path must be absolute/],
    ['unix:///s.sock#certs=/c', /#certs= applies to tcp:\/\/ engines only/],
    ['ssh://me:secret@h', /a password in the URL is not supported/],
    ['tcp://me@h', /a user name applies to ssh:\/\/ engines only/],
    ['tcp://h:2375/v1.41', /a path or query is not allowed/],
    ['tcp://h:99999', /use unix:\/\/\/path\/docker\.sock, tcp:\/\/host/],
    ['fd://', /use unix:\/\/\/path\/docker\.sock/],
    ['docker.example:2375', /use unix:/],
  ])('refuses %s in one line naming it', (text, message) => {
    expect(() => parse(text)).toThrow(
      expect.objectContaining({
        code: 'engine_url_invalid',
        exitCode: 2,
        message: expect.stringMatching(message),
      }),
    );
  });
});
