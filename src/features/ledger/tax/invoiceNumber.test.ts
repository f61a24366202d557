import { describe, expect, it } from 'vitest';
import { invoiceCheckDigit, invoiceNumberProblem, normaliseInvoiceNumber } from './invoiceNumber';

describe('invoice registration numbers', () => {
  it('computes the check digit as the NTA example does (7123456789012)', () => {
    expect(invoiceCheckDigit('123456789012')).toBe(7);
  });

  it('accepts real registration numbers (the NTA itself, T7000012050002; a company, T4011001098993)', () => {
    expect(invoiceNumberProblem('T7000012050002')).toBeNull();
    expect(invoiceNumberProblem('T4011001098993')).toBeNull();
  });

  it('refuses one mistyped digit, a wrong shape and a missing T', () => {
    expect(invoiceNumberProblem('T4011001098994')).toMatch(/check digit/);
    expect(invoiceNumberProblem('T5011001098993')).toMatch(/check digit/);
    expect(invoiceNumberProblem('4011001098993')).toMatch(/T followed by 13 digits/);
    expect(invoiceNumberProblem('T401100109899')).toMatch(/T followed by 13 digits/);
    expect(invoiceNumberProblem('T0123456789012')).toMatch(/T followed by 13 digits/);
  });

  it('writes a copied number as it is registered', () => {
    expect(normaliseInvoiceNumber(' t４０１１-００１-０９８９９３ ')).toBe('T4011001098993');
  });
});
