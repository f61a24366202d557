import { describe, expect, it } from 'vitest';
import { $currentChain, setCurrentChain } from './store';

describe('current chain store on the server', () => {
  it('setCurrentChain works without a document', () => {
    expect(typeof document).toBe('undefined');
    setCurrentChain('BSC');
    expect($currentChain.get()).toBe('BSC');
  });
});
