import { describe, expect, it } from 'vitest';
import { MAX_ICON_BYTES } from '~/server/uploads.server';
import { iconFileProblem, MAX_ICON_FILE_BYTES, MAX_PROFILE_NAME_LENGTH, profileNameProblem } from './profileRules';
import { MAX_PROFILE_NAME } from './profiles.server';

describe('profileNameProblem', () => {
  it('accepts a name of up to 40 characters, counting characters not bytes', () => {
    expect(profileNameProblem('さくら')).toBeNull();
    expect(profileNameProblem('🌸'.repeat(40))).toBeNull();
    expect(profileNameProblem('🌸'.repeat(41))).toBe('tooLong');
  });

  it('refuses an empty or blank name and control characters', () => {
    expect(profileNameProblem('   ')).toBe('required');
    expect(profileNameProblem('a\u0007b')).toBe('invalidCharacters');
  });
});

describe('iconFileProblem', () => {
  it('accepts PNG, JPEG, WebP and GIF images up to 2 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif']) {
      expect(iconFileProblem({ type, size: MAX_ICON_FILE_BYTES }), type).toBeNull();
    }
  });

  it('refuses other types, empty files and files over 2 MB', () => {
    expect(iconFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(iconFileProblem({ type: 'application/pdf', size: 10 })).toBe('type');
    expect(iconFileProblem({ type: 'image/png', size: 0 })).toBe('empty');
    expect(iconFileProblem({ type: 'image/png', size: MAX_ICON_FILE_BYTES + 1 })).toBe('size');
  });

  it('uses the same limits as the server', () => {
    expect(MAX_ICON_FILE_BYTES).toBe(MAX_ICON_BYTES);
    expect(MAX_PROFILE_NAME_LENGTH).toBe(MAX_PROFILE_NAME);
  });
});
