// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installLanguageSwitch, restoreScroll } from './languageSwitch';

describe('language switch', () => {
  beforeEach(() => {
    sessionStorage.clear();
    document.cookie = 'i18n_redirected=; max-age=0; path=/';
    document.body.innerHTML = '<a href="/en/terms" data-lang-switch="en">EN</a>';
  });

  it('a click remembers the scroll offset for the target page and sets the locale cookie', () => {
    const win = {
      scrollY: 480,
      scrollTo: vi.fn(),
      location: { href: 'http://localhost/terms', pathname: '/terms' } as Location,
    };
    installLanguageSwitch({ doc: document, win, storage: sessionStorage });
    const link = document.querySelector('a') as HTMLAnchorElement;
    link.addEventListener('click', (event) => event.preventDefault());
    link.click();
    expect(document.cookie).toContain('i18n_redirected=en');
    expect(JSON.parse(sessionStorage.getItem('kf:lang-scroll') ?? '{}')).toEqual({ path: '/en/terms', y: 480 });
  });

  it('the page in the other language scrolls back once', () => {
    sessionStorage.setItem('kf:lang-scroll', JSON.stringify({ path: '/en/terms', y: 480 }));
    const win = { scrollY: 0, scrollTo: vi.fn(), location: { pathname: '/en/terms' } as Location };
    restoreScroll({ win, storage: sessionStorage });
    expect(win.scrollTo).toHaveBeenCalledWith(0, 480);
    expect(sessionStorage.getItem('kf:lang-scroll')).toBeNull();
  });

  it('another page does not scroll', () => {
    sessionStorage.setItem('kf:lang-scroll', JSON.stringify({ path: '/en/terms', y: 480 }));
    const win = { scrollY: 0, scrollTo: vi.fn(), location: { pathname: '/en/privacy' } as Location };
    restoreScroll({ win, storage: sessionStorage });
    expect(win.scrollTo).not.toHaveBeenCalled();
  });
});
