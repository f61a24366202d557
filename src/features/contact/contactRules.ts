/**
 * What a contact message must look like: the fields, their limits and the problems a form shows next
 * to a field. Pure and dependency-free, so the contact form checks exactly what the server checks
 * without shipping a validation library to the browser.
 *
 * @see docs/product-spec.md §2 (/contact)
 */

/** Fields of a contact message. */
export const CONTACT_FIELDS = ['name', 'email', 'subject', 'body'] as const;
/** One contact message field. */
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Longest value of each field, in characters (an e-mail address is at most 254 by RFC 5321). */
export const CONTACT_LIMITS: Readonly<Record<ContactField, number>> = {
  name: 100,
  email: 254,
  subject: 200,
  body: 5000,
};

/** Why a field is refused. */
export type ContactProblem = 'required' | 'tooLong' | 'invalidEmail' | 'invalidCharacters';

/** A contact message as typed (every field a string; the subject may be empty). */
export type ContactInput = Readonly<Record<ContactField, string>>;

const REQUIRED: ReadonlySet<ContactField> = new Set(['name', 'email', 'body']);
// One @, no spaces, a dot in the domain: strict enough to catch typos, loose enough for real addresses.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters other than line breaks and tabs are refused
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: one-line fields refuse every control character
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f]/;

/** Length in characters (code points), as a person counts them. */
const length = (value: string) => [...value].length;

/**
 * The problem of each field of `input` (after trimming), or an empty object when the message can be
 * sent. Name, e-mail and message are required; the subject is optional; only the message may hold
 * line breaks.
 */
export function contactProblems(input: ContactInput): Partial<Record<ContactField, ContactProblem>> {
  const problems: Partial<Record<ContactField, ContactProblem>> = {};
  for (const field of CONTACT_FIELDS) {
    const value = input[field].trim();
    if (value === '') {
      if (REQUIRED.has(field)) problems[field] = 'required';
      continue;
    }
    if (length(value) > CONTACT_LIMITS[field]) problems[field] = 'tooLong';
    else if ((field === 'body' ? CONTROL : CONTROL_OR_BREAK).test(value)) problems[field] = 'invalidCharacters';
    else if (field === 'email' && !EMAIL.test(value)) problems[field] = 'invalidEmail';
  }
  return problems;
}

/** English wording of each problem, as the API answers it (`email: must be an e-mail address`). */
export const CONTACT_PROBLEM_TEXT: Readonly<Record<ContactProblem, string>> = {
  required: 'must not be empty',
  tooLong: 'is too long',
  invalidEmail: 'must be an e-mail address',
  invalidCharacters: 'must not contain control characters',
};
