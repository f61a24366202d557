import { describe, expect, test } from 'vitest';
import { chainLabel, formatWhen } from './adminFormat';

describe('admin formats', () => {
  test('a chain the server runs shows its name; another shows its id; none shows a dash', () => {
    const chains = [{ chainId: 137, chainName: 'Polygon' }];
    expect([chainLabel(137, chains), chainLabel(56, chains), chainLabel(null, chains)]).toEqual([
      'Polygon (137)',
      '56',
      '—',
    ]);
  });

  test('dates are shown in Japan time, and a missing one as a dash', () => {
    expect(formatWhen('2025-01-01T00:00:00Z')).toBe('2025-01-01 09:00');
    expect(formatWhen(null)).toBe('—');
  });
});
