import { describe, expect, it } from 'vitest';
import { npmCafile, withoutExtraCaCerts } from './node-extra-ca.js';

describe('the test run without an extra CA bundle npm does not use', () => {
  it('drops NODE_EXTRA_CA_CERTS when npm has a cafile of its own', () => {
    const env: NodeJS.ProcessEnv = { NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/x.crt', PATH: '/bin' };
    expect(withoutExtraCaCerts(env, () => '/etc/ssl/certs/npm.crt')).toBe(
      'NODE_EXTRA_CA_CERTS (/etc/ssl/certs/x.crt) left out of the run: npm reads /etc/ssl/certs/npm.crt',
    );
    expect(env).toEqual({ PATH: '/bin' });
  });

  it('keeps it when npm would need it, and does nothing where it is not set', () => {
    const env: NodeJS.ProcessEnv = { NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/x.crt' };
    expect(withoutExtraCaCerts(env, () => null)).toMatch(/kept: npm has no cafile/);
    expect(env.NODE_EXTRA_CA_CERTS).toBe('/etc/ssl/certs/x.crt');
    let asked = false;
    const none: NodeJS.ProcessEnv = {};
    expect(
      withoutExtraCaCerts(none, () => {
        asked = true;
        return '/x';
      }),
    ).toBeNull();
    expect(asked).toBe(false);
  });

  // Where npm has a cafile, the run's global setup left the variable out of every worker.
  it.runIf(npmCafile() !== null)('is what the run has where npm has a cafile', () => {
    expect(process.env.NODE_EXTRA_CA_CERTS).toBeUndefined();
  });
});
