// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
/*
 * The GTM script cannot load here (no network to googletagmanager.com); these tests check our side:
 * the script tag we add and what we push into the data layer.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTagManager, type TagManagerWindow } from './tagManager';

const view = { routeName: 'index', pageType: 'top', url: '/', title: 'Kirafuda' };

function fakeWindow(): TagManagerWindow {
  return { document: document.implementation.createHTMLDocument('t') };
}

const gtmScripts = (win: TagManagerWindow) =>
  win.document.querySelectorAll('script[src^="https://www.googletagmanager.com/gtm.js"]');

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createTagManager', () => {
  it('stays off and adds no script without a container id', () => {
    const win = fakeWindow();
    const tags = createTagManager({ win });
    tags.trackPageView(view);
    vi.advanceTimersByTime(1000);
    expect(tags.enabled).toBe(false);
    expect(gtmScripts(win)).toHaveLength(0);
    expect(win.dataLayer).toBeUndefined();
  });

  it('adds the GTM script for the container once', () => {
    const win = fakeWindow();
    createTagManager({ containerId: 'GTM-ABC1', win });
    createTagManager({ containerId: 'GTM-ABC1', win });
    const scripts = gtmScripts(win);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute('src')).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-ABC1');
    expect(win.dataLayer?.filter((e) => (e as { event?: string }).event === 'gtm.js')).toHaveLength(1);
  });

  it('pushes the page view into the data layer 250 ms after the navigation', () => {
    const win = fakeWindow();
    const tags = createTagManager({ containerId: 'GTM-ABC1', win });
    tags.trackPageView(view);
    vi.advanceTimersByTime(249);
    expect(win.dataLayer).not.toContainEqual(expect.objectContaining({ event: 'pageView' }));
    vi.advanceTimersByTime(1);
    expect(win.dataLayer).toContainEqual({ event: 'pageView', ...view });
  });

  it('sends only the last of several quick navigations', () => {
    const win = fakeWindow();
    const tags = createTagManager({ containerId: 'GTM-ABC1', win });
    tags.trackPageView(view);
    vi.advanceTimersByTime(200);
    tags.trackPageView({ ...view, url: '/search/a', routeName: 'search' });
    vi.advanceTimersByTime(250);
    const views = win.dataLayer?.filter((e) => (e as { event?: string }).event === 'pageView');
    expect(views).toEqual([{ event: 'pageView', ...view, url: '/search/a', routeName: 'search' }]);
  });

  it('uses the real window when none is given', () => {
    const tags = createTagManager({ containerId: 'GTM-WIN' });
    expect(tags.enabled).toBe(true);
    expect(document.querySelector('script[src$="id=GTM-WIN"]')).not.toBeNull();
  });
});
