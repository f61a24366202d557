import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, contactProblems } from './contactRules';

const valid = {
  name: '山田 花子',
  email: 'hanako@example.jp',
  subject: '',
  body: 'カードが表示されません。\n確認をお願いします。',
};

describe('contactProblems', () => {
  it('accepts a message with name, e-mail and body and no subject', () => {
    expect(contactProblems(valid)).toEqual({});
  });

  it('asks for the name, e-mail and message, counting blank text as empty', () => {
    expect(contactProblems({ name: ' ', email: '', subject: '', body: '\n' })).toEqual({
      name: 'required',
      email: 'required',
      body: 'required',
    });
  });

  it('refuses an e-mail address without @ or without a dotted domain', () => {
    for (const email of ['hanako', 'hanako@', 'hanako@example', 'a b@example.jp', '@example.jp', 'a@example..jp']) {
      expect(contactProblems({ ...valid, email }).email, email).toBe('invalidEmail');
    }
  });

  it('counts characters, not bytes, against the limits', () => {
    expect(contactProblems({ ...valid, name: 'あ'.repeat(CONTACT_LIMITS.name) })).toEqual({});
    expect(contactProblems({ ...valid, name: 'あ'.repeat(CONTACT_LIMITS.name + 1) }).name).toBe('tooLong');
    expect(contactProblems({ ...valid, body: 'x'.repeat(CONTACT_LIMITS.body + 1) }).body).toBe('tooLong');
  });

  it('lets only the message hold line breaks, and refuses other control characters everywhere', () => {
    expect(contactProblems({ ...valid, subject: 'a\nb' }).subject).toBe('invalidCharacters');
    expect(contactProblems({ ...valid, body: 'a\u0000b' }).body).toBe('invalidCharacters');
    expect(contactProblems({ ...valid, body: 'a\r\n\tb' })).toEqual({});
  });
});
