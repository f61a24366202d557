import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $snackbar, hideSnackbar, LAYOUT_SNACKBAR_TIMEOUT, showSnackbar } from './store';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  hideSnackbar();
  vi.useRealTimers();
});

describe('snackbar store', () => {
  it('starts hidden with the 300 ms store default', () => {
    expect($snackbar.get()).toEqual({ show: false, text: '', timeout: 300, color: 'primary' });
  });

  it('shows a primary message and hides it after 300 ms by default', () => {
    showSnackbar('Saved');
    expect($snackbar.get()).toEqual({ show: true, text: 'Saved', timeout: 300, color: 'primary' });
    vi.advanceTimersByTime(299);
    expect($snackbar.get().show).toBe(true);
    vi.advanceTimersByTime(1);
    expect($snackbar.get().show).toBe(false);
    expect($snackbar.get().text).toBe('Saved');
  });

  it('shows an alert for as long as the layout asks', () => {
    showSnackbar('Failed', { color: 'alert', timeout: LAYOUT_SNACKBAR_TIMEOUT });
    expect($snackbar.get().color).toBe('alert');
    vi.advanceTimersByTime(2999);
    expect($snackbar.get().show).toBe(true);
    vi.advanceTimersByTime(1);
    expect($snackbar.get().show).toBe(false);
  });

  it('gives a new message its full time even if the previous one was about to hide', () => {
    showSnackbar('first', { timeout: 1000 });
    vi.advanceTimersByTime(900);
    showSnackbar('second', { timeout: 1000 });
    vi.advanceTimersByTime(500);
    expect($snackbar.get()).toMatchObject({ show: true, text: 'second' });
    vi.advanceTimersByTime(500);
    expect($snackbar.get().show).toBe(false);
  });

  it('hides at once on hideSnackbar and a stale timer cannot hide the next message early', () => {
    showSnackbar('first', { timeout: 1000 });
    hideSnackbar();
    expect($snackbar.get().show).toBe(false);
    vi.advanceTimersByTime(600);
    showSnackbar('second', { timeout: 1000 });
    vi.advanceTimersByTime(500);
    expect($snackbar.get().show).toBe(true);
  });

  it('exports the 3000 ms layout timeout', () => {
    expect(LAYOUT_SNACKBAR_TIMEOUT).toBe(3000);
  });
});
