/** Marks the chat widget's script tag so it is added only once. */
const MARKER = 'data-chat-widget';

/** How to load the chat widget. */
export interface ChatWidgetOptions {
  /** The support chat script URL; without it nothing loads. */
  src?: string | undefined;
  doc?: Document;
}

/**
 * Loads the support chat widget script once, when one is configured (default layout only).
 * @returns the script element (new or already there), or null when no script is configured.
 * @see spec §2 "Layouts: default: header, footer, support chat widget"
 */
export function loadChatWidget({ src, doc }: ChatWidgetOptions = {}): HTMLScriptElement | null {
  const target = doc ?? (typeof document === 'undefined' ? undefined : document);
  if (!src || !target) return null;
  const existing = target.querySelector<HTMLScriptElement>(`script[${MARKER}]`);
  if (existing) return existing;
  const script = target.createElement('script');
  script.async = true;
  script.src = src;
  script.setAttribute(MARKER, '');
  target.body.append(script);
  return script;
}
