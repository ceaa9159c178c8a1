import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../shared/schemas/password.ts';
import { newPasswordProblem } from './password-policy.ts';

describe('the password policy (NIST SP 800-63B)', () => {
  it.each([
    ['short', null, PASSWORD_MESSAGES.tooShort],
    ['x'.repeat(201), null, PASSWORD_MESSAGES.tooLong],
    [' '.repeat(8), null, PASSWORD_MESSAGES.onlyWhitespace],
    ['\t \n \t \n ', null, PASSWORD_MESSAGES.onlyWhitespace],
    ['password', null, PASSWORD_MESSAGES.common],
    ['12345678', null, PASSWORD_MESSAGES.common],
    ['PassWord1', null, PASSWORD_MESSAGES.common],
    ['qwertyuiop', null, PASSWORD_MESSAGES.common],
    ['iloveyou', null, PASSWORD_MESSAGES.common],
    ['ann@betbro.test', 'ann@betbro.test', PASSWORD_MESSAGES.isEmail],
    ['ANN@Betbro.Test', 'ann@betbro.test', PASSWORD_MESSAGES.isEmail],
  ])('refuses %j', (password, email, message) => {
    expect(newPasswordProblem(password, email)).toBe(message);
  });

  it.each(['correct horse battery', 'ann-password-1', 'eight ch', 'ann@betbro.test!'])('accepts %j', (password) => {
    expect(newPasswordProblem(password, 'ann@betbro.test')).toBeNull();
  });
});
