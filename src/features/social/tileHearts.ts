import { api } from '~/client/siteApi';
import { $currentUser } from '~/features/session/store';
import { showSnackbar } from '~/ui/snackbar/store';

/** The most cards one question names (the endpoint's limit). */
const BATCH = 100;
const waiting = new Set<TileHeart>();
let asking = false;

/**
 * `<kf-heart data-card="{chain}:{contract}:{token}">` for a signed-in visitor: once the session is known, the
 * hearts on the page (and any a live update adds later) learn in one request which cards the user favours and
 * become toggle buttons (`aria-pressed`); every heart of the same card on the page follows a change.
 */
class TileHeart extends HTMLElement {
  connectedCallback() {
    if (this.querySelector('button')) return;
    waiting.add(this);
    if ($currentUser.get()) void ask();
  }

  disconnectedCallback() {
    waiting.delete(this);
  }

  /** Shows the heart as a button, on (`♥`) or off (`♡`). */
  show(active: boolean) {
    let button = this.querySelector('button');
    if (!button) {
      button = document.createElement('button');
      button.type = 'button';
      button.className = this.querySelector('a')?.className ?? '';
      button.setAttribute('aria-label', this.dataset['label'] ?? '');
      button.innerHTML = '<span aria-hidden="true"></span>';
      button.addEventListener('click', () => void toggle(this.dataset['card'] ?? ''));
      this.replaceChildren(button);
    }
    button.setAttribute('aria-pressed', String(active));
    const glyph = button.firstElementChild;
    if (glyph) glyph.textContent = active ? '♥' : '♡';
  }
}

/** The hearts of card `key` on the page. */
function heartsOf(key: string): TileHeart[] {
  return [...document.querySelectorAll<TileHeart>('kf-heart')].filter((heart) => heart.dataset['card'] === key);
}

/** Asks which of the waiting hearts' cards the user favours, a hundred at a time, and shows them. */
async function ask(): Promise<void> {
  if (asking) return;
  asking = true;
  try {
    while (waiting.size > 0) {
      const hearts = [...waiting];
      waiting.clear();
      const keys = [...new Set(hearts.map((heart) => heart.dataset['card'] ?? ''))].filter(Boolean);
      for (let start = 0; start < keys.length; start += BATCH) {
        const chunk = keys.slice(start, start + BATCH);
        const { favorited } = await api.get<{ favorited: string[] }>('/api/v1/favorites', {
          query: { cards: chunk.join(',') },
        });
        const on = new Set(favorited);
        for (const heart of hearts) {
          const key = heart.dataset['card'] ?? '';
          if (chunk.includes(key)) heart.show(on.has(key));
        }
      }
    }
  } catch {
    // The session ended or the network failed: the hearts stay sign-in links.
  } finally {
    asking = false;
  }
}

/** Favours card `key` or stops, and shows the answer on every heart of it. */
async function toggle(key: string): Promise<void> {
  const hearts = heartsOf(key);
  const button = hearts[0]?.querySelector('button');
  if (!button || button.disabled) return;
  const on = button.getAttribute('aria-pressed') !== 'true';
  for (const heart of hearts) heart.querySelector('button')?.setAttribute('disabled', '');
  const path = `/api/v1/favorites/${key.split(':').join('/')}`;
  try {
    const state = on ? await api.put<{ favorited: boolean }>(path) : await api.del<{ favorited: boolean }>(path);
    for (const heart of hearts) heart.show(state.favorited);
  } catch {
    showSnackbar(hearts[0]?.dataset['failed'] ?? '', { color: 'alert' });
  } finally {
    for (const heart of hearts) heart.querySelector('button')?.removeAttribute('disabled');
  }
}

/** Defines `<kf-heart>` (upgrading the hearts already on the page) and asks once the session is known. */
export function defineTileHearts(): void {
  if (customElements.get('kf-heart')) return;
  customElements.define('kf-heart', TileHeart);
  $currentUser.subscribe((user) => {
    if (user) void ask();
  });
}
