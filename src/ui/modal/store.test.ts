// @vitest-environment happy-dom
import { STORE_UNMOUNT_DELAY } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $modalOpen, closeModal, openModal } from './store';

beforeEach(() => {
  vi.useFakeTimers();
  document.documentElement.style.overflow = 'auto';
});

afterEach(() => {
  closeModal();
  vi.runAllTimers();
  vi.useRealTimers();
});

describe('modal store', () => {
  it('opens and closes the global modal', () => {
    openModal();
    expect($modalOpen.get()).toBe(true);
    closeModal();
    expect($modalOpen.get()).toBe(false);
  });

  it('hides page scrolling while the modal is open and restores it afterwards', () => {
    const unbind = $modalOpen.subscribe(() => {});
    openModal();
    expect(document.documentElement.style.overflow).toBe('hidden');
    openModal();
    closeModal();
    expect(document.documentElement.style.overflow).toBe('auto');
    unbind();
  });

  it('hides scrolling at once when subscribing to an already open modal', () => {
    openModal();
    const unbind = $modalOpen.subscribe(() => {});
    expect(document.documentElement.style.overflow).toBe('hidden');
    unbind();
  });

  it('gives scrolling back when the last subscriber leaves while the modal is open', () => {
    const unbind = $modalOpen.subscribe(() => {});
    openModal();
    unbind();
    vi.advanceTimersByTime(STORE_UNMOUNT_DELAY);
    expect(document.documentElement.style.overflow).toBe('auto');
  });
});
