/**
 * The media settings refuse a bad value at start, naming the variable and never echoing a token.
 */

import { describe, expect, test } from 'vitest';
import { loadSettings } from '~/server/settings/settings.server';
import { mediaSettings, parsePinningServices } from './mediaSettings.server';

describe('PINNING_SERVICES', () => {
  test('reads services as name, endpoint (without a trailing slash) and token; none when unset', () => {
    expect(
      parsePinningServices(
        '[{"name":"Pinata","endpoint":"https://api.pinata.cloud/psa/","token":"t1"},{"name":"filebase","endpoint":"https://api.filebase.io/v1/ipfs","token":"t2"}]',
      ),
    ).toEqual([
      { name: 'Pinata', endpoint: 'https://api.pinata.cloud/psa', token: 't1' },
      { name: 'filebase', endpoint: 'https://api.filebase.io/v1/ipfs', token: 't2' },
    ]);
    expect(mediaSettings(loadSettings({})).pinningServices).toEqual([]);
    expect(mediaSettings(loadSettings({ PUBLIC_SITE_URL: 'https://kirafuda.jp' })).gatewayOrigin.href).toBe(
      'https://kirafuda.jp/',
    );
  });

  test.each([
    ['not JSON', '{name:', /PINNING_SERVICES must be a JSON array/],
    ['a missing token', '[{"name":"a","endpoint":"https://a.example"}]', /PINNING_SERVICES is invalid at 0\.token/],
    [
      'an endpoint that is not http(s)',
      '[{"name":"a","endpoint":"ftp://a.example","token":"secret-1"}]',
      /0\.endpoint/,
    ],
    [
      'a name twice',
      '[{"name":"a","endpoint":"https://a.example","token":"secret-1"},{"name":"A","endpoint":"https://b.example","token":"secret-2"}]',
      /each service name once/,
    ],
    [
      'an unknown key',
      '[{"name":"a","endpoint":"https://a.example","token":"secret-1","key":"x"}]',
      /PINNING_SERVICES is invalid/,
    ],
  ])('refuses %s, naming the variable and not the token', (_case, value, message) => {
    expect(() => mediaSettings(loadSettings({ PINNING_SERVICES: value }))).toThrow(message);
    try {
      mediaSettings(loadSettings({ PINNING_SERVICES: value }));
    } catch (error) {
      expect(String(error)).not.toContain('secret-');
    }
  });
});
