// @vitest-environment happy-dom
/*
 * Google's reCAPTCHA script cannot run here (no network, third-party host). The default loader is
 * tested against happy-dom, which fails script loads the way a blocked host does; the rest swaps
 * in `loadScript` that installs a small stand-in for `window.grecaptcha`, behaving as Google
 * documents it (explicit render, invisible widget callbacks, v3 execute promise).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCaptcha, type Grecaptcha, RECAPTCHA_ENTERPRISE_SRC, RECAPTCHA_SRC } from './captcha';

type Global = { grecaptcha?: unknown };

interface Fake extends Grecaptcha {
  params: Record<string, unknown>[];
  executed: Array<number | string | undefined>;
}

/** A stand-in for grecaptcha whose v2 widget answers each execute with the next token. */
function fakeGrecaptcha(tokens: Array<string | null>): Fake {
  const params: Record<string, unknown>[] = [];
  const executed: Array<number | string | undefined> = [];
  return {
    params,
    executed,
    ready: (callback) => queueMicrotask(callback),
    render: (_container, p) => params.push(p) - 1,
    execute(widgetOrKey, options) {
      executed.push(widgetOrKey);
      const token = tokens.shift() ?? null;
      if (typeof widgetOrKey === 'string') return Promise.resolve(token ?? '');
      const widget = params[widgetOrKey ?? 0];
      queueMicrotask(() => {
        const callback = token ? widget?.callback : widget?.['error-callback'];
        (callback as ((t?: string) => void) | undefined)?.(token ?? undefined);
      });
      void options;
      return undefined;
    },
    reset: () => {},
  };
}

function installing(api: unknown, where: 'root' | 'enterprise' = 'root') {
  return vi.fn(async (_src: string) => {
    (globalThis as Global).grecaptcha = where === 'root' ? api : { enterprise: api };
  });
}

afterEach(() => {
  delete (globalThis as Global).grecaptcha;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('createCaptcha', () => {
  it('rejects without loading anything when no site key is configured', async () => {
    const loadScript = vi.fn(async () => {});
    await expect(createCaptcha({ loadScript }).execute()).rejects.toThrow(/site key/);
    expect(loadScript).not.toHaveBeenCalled();
  });

  it('rejects when no version is configured', async () => {
    const loadScript = vi.fn(async () => {});
    await expect(createCaptcha({ siteKey: 'k', version: null, loadScript }).execute()).rejects.toThrow(/version/);
    expect(loadScript).not.toHaveBeenCalled();
  });

  it('rejects when the script cannot load', async () => {
    const captcha = createCaptcha({ siteKey: 'k' });
    await expect(captcha.execute()).rejects.toThrow(/Failed to load the reCAPTCHA script/);
    expect(document.querySelector('script[src*="recaptcha"]')).toBeNull();
  });

  it('tries to load the script again after a failed load', async () => {
    const api = fakeGrecaptcha(['token-1']);
    const loadScript = vi
      .fn<(src: string) => Promise<void>>()
      .mockRejectedValueOnce(new Error('blocked'))
      .mockImplementation(installing(api));
    const captcha = createCaptcha({ siteKey: 'k', loadScript });
    await expect(captcha.execute()).rejects.toThrow('blocked');
    await expect(captcha.execute()).resolves.toBe('token-1');
    expect(loadScript).toHaveBeenCalledTimes(2);
  });

  it('loads the v2 script with explicit rendering and yields the token', async () => {
    const api = fakeGrecaptcha(['token-1', 'token-2']);
    const loadScript = installing(api);
    const captcha = createCaptcha({ siteKey: 'site-key', loadScript });

    await expect(captcha.execute()).resolves.toBe('token-1');
    await expect(captcha.execute()).resolves.toBe('token-2');
    expect(loadScript).toHaveBeenCalledTimes(1);
    expect(loadScript).toHaveBeenCalledWith(`${RECAPTCHA_SRC}?render=explicit`);
    expect(api.params).toHaveLength(1);
    expect(api.params[0]).toMatchObject({ sitekey: 'site-key', size: 'invisible' });
  });

  it('fails with "Failed to execute" when no token comes back', async () => {
    const captcha = createCaptcha({ siteKey: 'k', loadScript: installing(fakeGrecaptcha([null])) });
    await expect(captcha.execute()).rejects.toThrow(new Error('Failed to execute'));
  });

  it('uses the enterprise script and object in enterprise mode', async () => {
    const loadScript = installing(fakeGrecaptcha(['t']), 'enterprise');
    const captcha = createCaptcha({ siteKey: 'k', enterprise: true, loadScript });
    await expect(captcha.execute()).resolves.toBe('t');
    expect(loadScript).toHaveBeenCalledWith(`${RECAPTCHA_ENTERPRISE_SRC}?render=explicit`);
  });

  it('runs v3 with the action and the site key', async () => {
    const api = fakeGrecaptcha(['score-token', null]);
    const loadScript = installing(api);
    const captcha = createCaptcha({ siteKey: 'k3', version: 3, loadScript });
    await expect(captcha.execute('login')).resolves.toBe('score-token');
    expect(api.executed).toEqual(['k3']);
    expect(loadScript).toHaveBeenCalledWith(`${RECAPTCHA_SRC}?render=k3`);
    await expect(captcha.execute('login')).rejects.toThrow('Failed to execute');
  });

  it('shows the badge by default and hides it when asked', async () => {
    await createCaptcha({ siteKey: 'k', loadScript: installing(fakeGrecaptcha(['t'])) }).execute();
    expect(document.querySelector('style[data-recaptcha-badge]')).toBeNull();
    await createCaptcha({ siteKey: 'k', badge: false, loadScript: installing(fakeGrecaptcha(['t'])) }).execute();
    expect(document.querySelector('style[data-recaptcha-badge]')?.textContent).toContain('.grecaptcha-badge');
  });
});
