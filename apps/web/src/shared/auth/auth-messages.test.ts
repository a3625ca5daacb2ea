import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { I18N_OPTIONS } from '../../../test-support/i18n-test-options';
import {
  getEmailRequestErrorMessage,
  getLoginErrorMessage,
  getNewPasswordErrorMessage,
  validateEmail,
  validateNewPassword,
} from './auth-messages';

let t: TFunction;

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({ ...I18N_OPTIONS, lng: 'en' });
  t = instance.t;
});

function apiError(status: number | null, code: string, extra: Partial<ApiError> = {}) {
  return new ApiError({
    status,
    code,
    message: 'Message',
    method: 'POST',
    url: '/api/x',
    ...extra,
  });
}

describe('validation', () => {
  it('asks for a valid e-mail', () => {
    expect(validateEmail('', t)).toBe('Enter a valid email address.');
    expect(validateEmail('ada@', t)).toBe('Enter a valid email address.');
    expect(validateEmail(' Ada@Example.com ', t)).toBeNull();
  });

  it('checks an empty password first, then the match, then the length', () => {
    expect(validateNewPassword('', '', t)).toBe('Password can`t be empty.');
    expect(validateNewPassword('secret-one', 'secret-two', t)).toBe('Passwords do not match!');
    expect(validateNewPassword('short', 'short', t)).toBe(
      'Invalid password. Password must have at least 8 characters.',
    );
    expect(validateNewPassword('long enough', 'long enough', t)).toBeNull();
  });
});

describe('login errors', () => {
  it('says invalid credentials for 401 and 400', () => {
    const message = 'Invalid email or password, try again, please.';
    expect(getLoginErrorMessage(apiError(401, 'invalid_credentials'), t)).toBe(message);
    expect(getLoginErrorMessage(apiError(400, 'validation_error'), t)).toBe(message);
  });

  it('gives the wait time for 429', () => {
    expect(getLoginErrorMessage(apiError(429, 'rate_limited', { retryAfterSeconds: 30 }), t)).toBe(
      'Too many attempts. Please try again in 30 seconds.',
    );
    expect(getLoginErrorMessage(apiError(429, 'rate_limited', { retryAfterSeconds: 1 }), t)).toBe(
      'Too many attempts. Please try again in 1 second.',
    );
    expect(getLoginErrorMessage(apiError(429, 'rate_limited'), t)).toBe(
      'Too many attempts. Please try again later.',
    );
  });

  it('leaves no internet, forbidden and maintenance to the error modal', () => {
    expect(getLoginErrorMessage(apiError(null, 'network_error'), t)).toBeNull();
    expect(getLoginErrorMessage(apiError(503, 'maintenance'), t)).toBeNull();
    expect(getLoginErrorMessage(apiError(403, 'forbidden'), t)).toBeNull();
  });

  it('shows the unknown-error login message otherwise', () => {
    expect(getLoginErrorMessage(apiError(500, 'internal_error'), t)).toBe(
      'Sign-in failed because of an unexpected error. Please try again later.',
    );
  });

  it('says nothing without an error', () => {
    expect(getLoginErrorMessage(null, t)).toBeNull();
  });
});

describe('registration and reset request errors', () => {
  it('maps an e-mail field error to the e-mail message', () => {
    const error = apiError(400, 'validation_error', { details: { email: ['Bad'] } });
    expect(getEmailRequestErrorMessage(error, t)).toBe('Enter a valid email address.');
  });

  it("says the mail server is away, in the person's words, when it is", () => {
    expect(getEmailRequestErrorMessage(apiError(503, 'mail_unavailable'), t)).toBe(
      'We could not send the e-mail: our mail server is not reachable right now. Please try again in a few minutes.',
    );
  });

  it('shows the response of any other error', () => {
    const error = apiError(409, 'conflict', { body: { code: 'conflict', message: 'Taken' } });
    expect(getEmailRequestErrorMessage(error, t)).toBe(
      'Uknown error: {"code":"conflict","message":"Taken"}',
    );
  });
});

describe('new password errors', () => {
  it('lets the screen show an invalid token', () => {
    expect(getNewPasswordErrorMessage(apiError(401, 'token_not_valid'), t)).toBeNull();
    const malformed = apiError(400, 'validation_error', { details: { token: ['Malformed'] } });
    expect(getNewPasswordErrorMessage(malformed, t)).toBeNull();
  });

  it('explains a rejected password with the server details', () => {
    const error = apiError(400, 'validation_error', {
      details: { password: ['This password is too common.'] },
    });
    expect(getNewPasswordErrorMessage(error, t)).toBe(
      'Invalid password. This password is too common.',
    );
  });

  it('shows the response of any other error', () => {
    expect(getNewPasswordErrorMessage(apiError(500, 'internal_error', { body: 'oops' }), t)).toBe(
      'Uknown error: 500 Message',
    );
  });
});
