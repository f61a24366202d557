import { expect, it } from 'vitest';
import en from '~/features/i18n/en.json';
import ja from '~/features/i18n/ja.json';
import { FLASH_KEYS, loadFlashTexts } from './flash';

it("a carried message's texts load in both languages, every key that can be carried and no other", async () => {
  const texts = await loadFlashTexts();
  expect(Object.keys(texts.en).sort()).toEqual([...FLASH_KEYS].sort());
  expect(Object.keys(texts.ja).sort()).toEqual([...FLASH_KEYS].sort());
  expect(texts.ja['sessions.success']).toBe(ja['sessions.success']);
  expect(texts.en['report.failure']).toBe(en['report.failure']);
});
