/** Delay before a page view reaches the data layer. @see spec §9 "Tag manager page-view delay 250 ms" */
export const PAGE_VIEW_DELAY_MS = 250;

/** What a page view tells the tag manager. */
export interface PageView {
  routeName: string;
  pageType: string;
  url: string;
  title: string;
}

/** The parts of `window` the tag manager touches. */
export interface TagManagerWindow {
  document: Document;
  dataLayer?: unknown[];
}

/** How to build the tag manager. */
export interface TagManagerOptions {
  /** The GTM container id (GTM-XXXX); without it the tag manager is off. */
  containerId?: string | undefined;
  win?: TagManagerWindow;
}

/** The tag manager `createTagManager` returns. */
export interface TagManager {
  readonly enabled: boolean;
  /** Pushes a `pageView` event 250 ms later; a newer call within that time replaces it. */
  trackPageView(view: PageView): void;
}

const GTM_SRC = 'https://www.googletagmanager.com/gtm.js';

/**
 * Google Tag Manager, off unless a container id is configured: then it loads the GTM script once
 * and sends page views to `dataLayer` after a short delay, so the page title has settled after a
 * client-side navigation and a burst of navigations counts once.
 * @see spec §9 "Tag manager page-view delay 250 ms"; TESTING.md "Third parties"
 */
export function createTagManager({ containerId, win }: TagManagerOptions = {}): TagManager {
  const target: TagManagerWindow | undefined = win ?? (typeof window === 'undefined' ? undefined : window);
  if (!containerId || !target) return { enabled: false, trackPageView: () => {} };

  target.dataLayer ??= [];
  const dataLayer = target.dataLayer;
  const doc = target.document;
  const src = `${GTM_SRC}?id=${encodeURIComponent(containerId)}`;
  if (!doc.querySelector(`script[src="${src}"]`)) {
    dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = doc.createElement('script');
    script.async = true;
    script.src = src;
    doc.head.append(script);
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    enabled: true,
    trackPageView(view) {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        dataLayer.push({ event: 'pageView', ...view });
      }, PAGE_VIEW_DELAY_MS);
    },
  };
}
