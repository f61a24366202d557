/** The mail provider's signature: accepted for the body it signs, within five minutes either way, and nothing else. */
import { describe, expect, it } from 'vitest';
import { loadSettings } from '~/server/settings/settings.server';
import {
  providerEventsSecret as fromSettings,
  signProviderEvents,
  verifyProviderSignature,
} from './providerEvents.server';

/** The provider's secret of the environment `env`. */
const providerEventsSecret = (env: Record<string, string>) => fromSettings(loadSettings(env));

const secret = 's'.repeat(40);
const body = '{"events":[{"type":"bounce","email":"a@example.jp"}]}';
const at = new Date('2026-11-26T05:00:00Z');
const t = at.getTime() / 1000;

describe('verifyProviderSignature', () => {
  it('accepts the signature of this body, up to five minutes old or ahead', () => {
    expect(verifyProviderSignature(secret, body, signProviderEvents(secret, body, t), at)).toBe(true);
    expect(verifyProviderSignature(secret, body, signProviderEvents(secret, body, t - 300), at)).toBe(true);
    expect(verifyProviderSignature(secret, body, signProviderEvents(secret, body, t + 300), at)).toBe(true);
  });

  it('refuses another body, another secret, an older or later time, and a malformed header', () => {
    const header = signProviderEvents(secret, body, t);
    expect(verifyProviderSignature(secret, `${body} `, header, at)).toBe(false);
    expect(verifyProviderSignature('x'.repeat(40), body, header, at)).toBe(false);
    expect(verifyProviderSignature(secret, body, signProviderEvents(secret, body, t - 301), at)).toBe(false);
    expect(verifyProviderSignature(secret, body, signProviderEvents(secret, body, t + 301), at)).toBe(false);
    for (const bad of [null, '', 't=abc,v1=00', `t=${t}`, `v1=${header.split('v1=')[1]}`, `${header}0`]) {
      expect(verifyProviderSignature(secret, body, bad, at), String(bad)).toBe(false);
    }
  });

  it('is off without a secret of at least 32 characters', () => {
    expect(providerEventsSecret({})).toBeUndefined();
    expect(providerEventsSecret({ MAIL_EVENTS_SECRET: 'short' })).toBeUndefined();
    expect(providerEventsSecret({ MAIL_EVENTS_SECRET: secret })).toBe(secret);
  });
});
