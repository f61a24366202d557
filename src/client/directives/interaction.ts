import type { ClientDirective } from 'astro';

const TRIGGERS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/**
 * `client:interaction`: hydrates an island the first time a person reaches for it (pointer over it,
 * touch, focus or a key), so pages whose only islands are header controls ship no framework code
 * until someone uses them. A click that lands before hydration finishes is replayed afterwards.
 * Used for the header's controls to keep the home, terms and privacy pages under their JS budget.
 */
const interaction: ClientDirective = (load, _options, el) => {
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
};

export default interaction;
