import { describe, expect, it } from 'vitest';
import { emailError, storedEmailError } from './credentials';

// The addresses of issue 28.6 (tests/email_cases.py): the server refuses each with
// invalid_email, and so does the form, before sending.
const REFUSED = [
  'x:victim@example.com',
  'a<victim@example.com',
  'victim,x@example.com',
  'victim@example.com,x@example.com',
  'vic\u0000tim@example.com',
  '\u001b[2Jvictim@example.com',
  'victim\u001b@example.com',
  'victim@example.com\u001b]0;title\u0007',
  'victim@exa\u007fmple.com',
  'victim@example.com\r\nBcc: x@example.com',
  '"x"@example.com',
  '"victim@example.com"@evil.example',
  'Victim <victim@example.com>',
  '<victim@example.com>',
  'victim@[127.0.0.1]',
  'a;b@example.com',
  'a(comment)b@example.com',
  'a\\b@example.com',
  'a@b@example.com',
  'a..b@example.com',
  '.a@example.com',
  'a.@example.com',
  'vïctim@example.com',
  'victim@exämple.com',
  'victim\u200b@example.com',
  'victim@example.123',
  `${'x'.repeat(65)}@example.com`,
];
const TAKEN = ['ann@example.com', 'Ann.Smith+amora@Mail.Example.co.uk', "o'brien@example.ie", '  ann@example.com  ', 'ann@xn--bcher-kva.de'];

describe('a new address', () => {
  it.each(REFUSED)('refuses %j', (email) => {
    expect(emailError(email)).toEqual({ code: 'invalid_email' });
  });
  it.each(TAKEN)('takes %j', (email) => {
    expect(emailError(email)).toBeNull();
  });
});

describe('an address to look up', () => {
  it('takes one stored before the rule, so its member can still log in', () => {
    expect(storedEmailError('x:ann@example.com')).toBeNull();
    expect(storedEmailError('ann@example.com')).toBeNull();
    expect(storedEmailError('ann')).toEqual({ code: 'invalid_email' });
  });
});
