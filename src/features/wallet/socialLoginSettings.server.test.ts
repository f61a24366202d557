import { describe, expect, it } from 'vitest';
import { loadSettings } from '~/server/settings/settings.server';
import { socialLoginSettings as fromSettings } from './socialLoginSettings.server';

/** The social login settings of the environment `env`. */
const socialLoginSettings = (env: Record<string, string>) => fromSettings(loadSettings(env));

describe('socialLoginSettings', () => {
  it('offers no social login without a client id', () => {
    expect(socialLoginSettings({})).toBeNull();
    expect(socialLoginSettings({ PUBLIC_WEB3AUTH_CLIENT_ID: '  ' })).toBeNull();
  });

  it('gives the trimmed client id, and the network when one is set', () => {
    expect(socialLoginSettings({ PUBLIC_WEB3AUTH_CLIENT_ID: ' BPi5abc ' })).toEqual({ clientId: 'BPi5abc' });
    expect(socialLoginSettings({ PUBLIC_WEB3AUTH_CLIENT_ID: 'BPi5abc', WEB3AUTH_NETWORK: 'sapphire_devnet' })).toEqual({
      clientId: 'BPi5abc',
      network: 'sapphire_devnet',
    });
  });

  it('refuses an unknown network so a bad deploy fails loudly', () => {
    expect(() => socialLoginSettings({ PUBLIC_WEB3AUTH_CLIENT_ID: 'x', WEB3AUTH_NETWORK: 'mainnet' })).toThrow(
      'WEB3AUTH_NETWORK must be one of',
    );
  });
});
