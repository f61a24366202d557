/** The reCAPTCHA script. @see https://developers.google.com/recaptcha/docs/loading */
export const RECAPTCHA_SRC = 'https://www.google.com/recaptcha/api.js';
/** The reCAPTCHA Enterprise script. */
export const RECAPTCHA_ENTERPRISE_SRC = 'https://www.google.com/recaptcha/enterprise.js';
/** The message of the error for an execution that yields no token. @see spec §8 "Captcha" */
export const CAPTCHA_EXECUTE_FAILED = 'Failed to execute';

/** The part of Google's `grecaptcha` object this loader uses. */
export interface Grecaptcha {
  ready?(callback: () => void): void;
  render(container: HTMLElement, parameters: Record<string, unknown>): number;
  execute(widgetOrSiteKey?: number | string, options?: { action?: string }): Promise<string> | undefined;
  reset?(widgetId?: number): void;
}

/** How to build the captcha. @see spec §9 "Captcha defaults: version 2, base mode, badge shown" */
export interface CaptchaOptions {
  /** The public site key; without it `execute` rejects. */
  siteKey?: string | undefined;
  /** reCAPTCHA version, 2 (invisible widget) or 3 (score); a missing version makes `execute` reject. */
  version?: number | null;
  /** Use reCAPTCHA Enterprise instead of the base mode. */
  enterprise?: boolean;
  /** Show Google's badge; when false it is hidden with CSS (allowed if the page credits reCAPTCHA). */
  badge?: boolean;
  /** Loads a script by URL; resolves on load, rejects on error. Defaults to a `<script>` tag. */
  loadScript?: (src: string) => Promise<void>;
}

/** The captcha `createCaptcha` returns. */
export interface Captcha {
  /** Runs the captcha and resolves with its token. */
  execute(action?: string): Promise<string>;
}

/** Adds an async `<script>` and settles when it loads or fails. */
export function loadScriptTag(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    script.defer = true;
    script.src = src;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`Failed to load the reCAPTCHA script: ${src}`));
    });
    document.head.append(script);
  });
}

function findGrecaptcha(enterprise: boolean): Grecaptcha | undefined {
  const root = (globalThis as { grecaptcha?: Grecaptcha & { enterprise?: Grecaptcha } }).grecaptcha;
  return enterprise ? root?.enterprise : root;
}

function hideBadge(): void {
  if (document.querySelector('style[data-recaptcha-badge]')) return;
  const style = document.createElement('style');
  style.setAttribute('data-recaptcha-badge', '');
  style.textContent = '.grecaptcha-badge { visibility: hidden; }';
  document.head.append(style);
}

/**
 * A lazy reCAPTCHA: nothing loads until the first `execute`, which loads Google's script
 * (`render=explicit` for v2), then yields a token. It rejects when no site key or version is
 * configured, when the script fails to load (a later call tries again), and with
 * "Failed to execute" when no token comes back.
 * @see spec §7 "A captcha script is loaded from a third-party provider", §8 "Captcha"
 */
export function createCaptcha({
  siteKey,
  version = 2,
  enterprise = false,
  badge = true,
  loadScript = loadScriptTag,
}: CaptchaOptions = {}): Captcha {
  let ready: Promise<Grecaptcha> | null = null;
  let widgetId: number | null = null;
  let waiting: { resolve: (token: string) => void; reject: (error: Error) => void } | null = null;
  let running: Promise<string> | null = null;

  function load(key: string): Promise<Grecaptcha> {
    const base = enterprise ? RECAPTCHA_ENTERPRISE_SRC : RECAPTCHA_SRC;
    const render = version === 3 ? encodeURIComponent(key) : 'explicit';
    ready ??= loadScript(`${base}?render=${render}`)
      .then(async () => {
        const api = findGrecaptcha(enterprise);
        if (!api) throw new Error('reCAPTCHA did not start');
        if (api.ready) await new Promise<void>((resolve) => api.ready?.(resolve));
        if (!badge) hideBadge();
        return api;
      })
      .catch((error: unknown) => {
        ready = null;
        throw error instanceof Error ? error : new Error(String(error));
      });
    return ready;
  }

  function settle(token: unknown): void {
    const current = waiting;
    waiting = null;
    if (typeof token === 'string' && token) current?.resolve(token);
    else current?.reject(new Error(CAPTCHA_EXECUTE_FAILED));
  }

  async function executeV2(api: Grecaptcha, key: string): Promise<string> {
    if (widgetId === null) {
      const container = document.createElement('div');
      document.body.append(container);
      widgetId = api.render(container, {
        sitekey: key,
        size: 'invisible',
        badge: 'bottomright',
        callback: settle,
        'error-callback': () => settle(null),
        'expired-callback': () => settle(null),
      });
    }
    const id = widgetId;
    const token = new Promise<string>((resolve, reject) => {
      waiting = { resolve, reject };
    });
    api.execute(id)?.catch(() => settle(null));
    try {
      return await token;
    } finally {
      api.reset?.(id);
    }
  }

  async function executeV3(api: Grecaptcha, key: string, action: string | undefined): Promise<string> {
    const token = await api.execute(key, action ? { action } : {});
    if (!token) throw new Error(CAPTCHA_EXECUTE_FAILED);
    return token;
  }

  return {
    execute(action) {
      if (!siteKey) return Promise.reject(new Error('reCAPTCHA site key is not configured'));
      if (!version) return Promise.reject(new Error('reCAPTCHA version is not configured'));
      if (version !== 2 && version !== 3) {
        return Promise.reject(new Error(`reCAPTCHA version ${version} is not supported`));
      }
      const key = siteKey;
      if (version === 3) return load(key).then((api) => executeV3(api, key, action));
      // One invisible v2 widget answers one challenge at a time: concurrent callers share it.
      running ??= load(key)
        .then((api) => executeV2(api, key))
        .finally(() => {
          running = null;
        });
      return running;
    },
  };
}
