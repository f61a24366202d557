import { describe, expect, test } from 'vitest';
import { adminTranslator, isAdminMessageKey } from './adminText';

describe('admin screen strings', () => {
  test('a message is looked up and its placeholders filled', () => {
    const t = adminTranslator({ 'admin.header.signedInAs': 'Signed in as {{uid}}' });
    expect(t('admin.header.signedInAs', { uid: 'root' })).toBe('Signed in as root');
  });

  test('a missing message shows its key and an unknown placeholder stays as written', () => {
    const t = adminTranslator({ 'admin.header.signedInAs': 'Hi {{who}}' });
    expect(t('admin.header.logout')).toBe('admin.header.logout');
    expect(t('admin.header.signedInAs', { uid: 'root' })).toBe('Hi {{who}}');
  });

  test('only admin.* keys are admin messages', () => {
    expect(['admin.menu.home', 'page.admins.title', 'sessions.success'].map(isAdminMessageKey)).toEqual([
      true,
      false,
      false,
    ]);
  });
});
