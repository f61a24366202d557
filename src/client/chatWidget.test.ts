// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
/* The chat vendor's script cannot load here; these tests check which script tag we add. */
import { describe, expect, it } from 'vitest';
import { loadChatWidget } from './chatWidget';

const freshDoc = () => document.implementation.createHTMLDocument('t');

describe('loadChatWidget', () => {
  it('loads nothing when no chat script is configured', () => {
    const doc = freshDoc();
    expect(loadChatWidget({ doc })).toBeNull();
    expect(loadChatWidget({ src: '', doc })).toBeNull();
    expect(doc.querySelectorAll('script')).toHaveLength(0);
  });

  it('adds the configured chat script once', () => {
    const doc = freshDoc();
    const first = loadChatWidget({ src: 'https://chat.example/widget.js', doc });
    const second = loadChatWidget({ src: 'https://chat.example/widget.js', doc });
    expect(second).toBe(first);
    const scripts = doc.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute('src')).toBe('https://chat.example/widget.js');
    expect(scripts[0]?.async).toBe(true);
  });
});
