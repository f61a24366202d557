/** The registration number as a field of a request body (zod), apart so islands checking a number need no zod. */
import { z } from 'zod';
import { invoiceNumberProblem, normaliseInvoiceNumber } from './invoiceNumber';

/**
 * A request's registration number field: optional (empty or null: none), normalised, and refused with the reason
 * (the API's 422 names the field) when its shape or check digit is wrong.
 */
export const invoiceNumberField = z
  .string()
  .nullish()
  .transform((value, context) => {
    const number = value ? normaliseInvoiceNumber(value) : '';
    if (number === '') return null;
    const problem = invoiceNumberProblem(number);
    if (problem) {
      context.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return number;
  });
