import { describe, expect, it } from 'vitest';
import { readEngineConfig } from './engine-config.js';

describe('readEngineConfig', () => {
  it('uses the default socket and the home cache without DOCKER_HOST', () => {
    const config = readEngineConfig({ HOME: '/home/x' });
    expect(config.endpoint).toEqual({
      kind: 'unix',
      socketPath: '/var/run/docker.sock',
      url: 'unix:///var/run/docker.sock',
      jobs: null,
    });
    expect(config.cacheDir).toBe('/home/x/.cache/reverse-poleval');
    expect(config.ci).toBe(false);
    expect(config.tls).toEqual({
      mode: 'off',
      certDir: '/home/x/.docker',
      certDirFrom: '~/.docker',
    });
    expect(config.enginesVariable).toBeNull();
  });

  it('reads a unix or tcp DOCKER_HOST, the cache override and CI', () => {
    expect(
      readEngineConfig({ DOCKER_HOST: 'unix:///run/user/1000/docker.sock' }).endpoint,
    ).toMatchObject({
      socketPath: '/run/user/1000/docker.sock',
    });
    const tcp = readEngineConfig({
      DOCKER_HOST: 'tcp://10.0.0.2:2375',
      RPE_CACHE_DIR: '/c',
      CI: 'true',
    });
    expect(tcp.endpoint).toMatchObject({
      host: '10.0.0.2',
      port: 2375,
      protocol: 'http',
      tls: null,
    });
    expect(tcp.cacheDir).toBe('/c');
    expect(tcp.ci).toBe(true);
  });

  it('reads TLS as the docker CLI does: any DOCKER_TLS_VERIFY means https with verification', () => {
    const config = readEngineConfig({
      HOME: '/home/x',
      DOCKER_HOST: 'tcp://10.0.0.2',
      DOCKER_TLS_VERIFY: '0',
      DOCKER_CERT_PATH: '/etc/certs',
    });
    expect(config.endpoint).toEqual({
      kind: 'tcp',
      url: 'tcp://10.0.0.2',
      host: '10.0.0.2',
      port: 2376,
      protocol: 'https',
      tls: { verify: true, certDir: '/etc/certs', certDirFrom: 'DOCKER_CERT_PATH' },
      jobs: null,
    });
    const loose = readEngineConfig({ HOME: '/h', DOCKER_HOST: 'tcp://h:2376', DOCKER_TLS: '1' });
    expect(loose.endpoint).toMatchObject({
      protocol: 'https',
      tls: { verify: false, certDir: '/h/.docker' },
    });
  });

  it('keeps RPE_ENGINES for the pool, trimmed', () => {
    expect(readEngineConfig({ RPE_ENGINES: '  unix:///a.sock \n' }).enginesVariable).toBe(
      'unix:///a.sock',
    );
    expect(readEngineConfig({ RPE_ENGINES: '  ' }).enginesVariable).toBeNull();
  });

  it('refuses a DOCKER_HOST it cannot use, naming it, with exit status 2', () => {
    expect(() => readEngineConfig({ DOCKER_HOST: 'npipe:////./pipe/docker_engine' })).toThrow(
      expect.objectContaining({
        code: 'engine_url_invalid',
        exitCode: 2,
        message: expect.stringMatching(
          /^DOCKER_HOST=npipe:\/\/\/\/\.\/pipe\/docker_engine: use unix:/,
        ),
      }),
    );
  });
});
