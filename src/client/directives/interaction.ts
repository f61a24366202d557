import type { ClientDirective } from 'astro';

const TRIGGERS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** Set on `<html>` by the bootstrap when a user session exists (its hint cookie), and dispatched on document. */
export const SIGNED_IN_EVENT = 'kf:signed-in';

/**
 * `client:interaction`: hydrates an island the first time a person reaches for it (pointer over it,
 * touch, focus or a key), so pages whose only islands are header controls ship no framework code
 * until someone uses them. A click that lands before hydration finishes is replayed afterwards.
 * Used for the header's controls to keep the home, terms and privacy pages under their JS budget.
 * `client:interaction="signed-in"` also hydrates as soon as the page knows a visitor is signed in
 * (`<html data-signed-in>`), for the parts that show who it is.
 */
const interaction: ClientDirective = (load, options, el) => {
  let started = false;
  let hydrated = false;
  let pendingClick: HTMLElement | null = null;

  const holdClick = (event: Event) => {
    if (hydrated) return;
    event.preventDefault();
    event.stopPropagation();
    pendingClick = event.target instanceof HTMLElement ? event.target : null;
    void start();
  };

  async function start() {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) el.removeEventListener(type, start, true);
    const hydrate = await load();
    await hydrate();
    hydrated = true;
    el.removeEventListener('click', holdClick, true);
    if (pendingClick?.isConnected) pendingClick.click();
  }

  for (const type of TRIGGERS) el.addEventListener(type, start, { capture: true, passive: true });
  el.addEventListener('click', holdClick, true);
  if (options.value === 'signed-in') {
    if (document.documentElement.dataset['signedIn'] === 'true') void start();
    else document.addEventListener(SIGNED_IN_EVENT, () => void start(), { once: true });
  }
};

export default interaction;
