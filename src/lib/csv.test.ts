import { describe, expect, test } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV downloads', () => {
  test('plain fields stay as they are and null is an empty field', () => {
    expect([csvField('ETH'), csvField(42), csvField(null)]).toEqual(['ETH', '42', '']);
  });

  test('fields with commas, quotes or line breaks are quoted with doubled quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  test('rows end with CRLF, the last one too', () => {
    expect(
      toCsv(
        ['period', 'total'],
        [
          ['2025-01-01', '10'],
          ['2025-02-01', 'x,y'],
        ],
      ),
    ).toBe('period,total\r\n2025-01-01,10\r\n2025-02-01,"x,y"\r\n');
  });
});
