import { describe, expect, it } from 'vitest';
import { readEngineConfig } from './engine-config.js';

describe('readEngineConfig', () => {
  it('uses the default socket and the home cache without DOCKER_HOST', () => {
    const config = readEngineConfig({ HOME: '/home/x' });
    expect(config.endpoint).toEqual({
      socketPath: '/var/run/docker.sock',
      url: 'unix:///var/run/docker.sock',
    });
    expect(config.cacheDir).toBe('/home/x/.cache/reverse-poleval');
    expect(config.ci).toBe(false);
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
    expect(tcp.endpoint).toMatchObject({ host: '10.0.0.2', port: 2375, protocol: 'http' });
    expect(tcp.cacheDir).toBe('/c');
    expect(tcp.ci).toBe(true);
  });

  it('refuses a DOCKER_HOST it cannot use, with exit status 2', () => {
    expect(() => readEngineConfig({ DOCKER_HOST: 'ssh://me@host' })).toThrow(
      expect.objectContaining({ code: 'docker_host_invalid', exitCode: 2 }),
    );
  });
});
