import { LIMITS } from '@printdeck/shared';

/** Frequent passwords from public breach corpora (checklist C01); the list is deliberately short. */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  'password',
  'password1',
  'password123',
  'qwertyuiop',
  'qwerty123',
  '11111111',
  '00000000',
  '87654321',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'abc12345',
  'admin123',
  'letmein1',
  'trustno1',
  'passw0rd',
  'starwars',
  'whatever',
  'superman',
  'asdfghjkl',
  '1q2w3e4r',
  '1qaz2wsx',
  'zaq12wsx',
  'qwertyui',
  'heslo123',
  'heslo1234',
  'printdeck',
  'password!',
  'changeme',
]);

/** Returns the reasons a password is refused; empty when it is acceptable. No composition rules. */
export function checkPasswordPolicy(password: string, email?: string): string[] {
  const reasons: string[] = [];
  if ([...password].length < LIMITS.passwordMin) {
    reasons.push(`Password must have at least ${LIMITS.passwordMin} characters.`);
  }
  if (password.length > LIMITS.passwordMax) {
    reasons.push(`Password must have at most ${LIMITS.passwordMax} characters.`);
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    reasons.push('This password is too common.');
  }
  if (email && password.toLowerCase() === email.toLowerCase()) {
    reasons.push('Password must not be the same as the e-mail address.');
  }
  return reasons;
}
