import { describe, expect, test } from 'vitest';
import { HttpError } from './errors';
import { pathId } from './pathId';

describe('pathId', () => {
  test('reads a row id from its path segment', () => {
    expect(pathId('42', 'No such card')).toBe(42);
  });

  test.each([undefined, '', '0', '-1', '1.5', 'abc', '9007199254740992'])('answers 404 for %j', (value) => {
    let thrown: unknown;
    try {
      pathId(value, 'No such card');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect(thrown).toMatchObject({ status: 404, message: 'No such card' });
  });
});
