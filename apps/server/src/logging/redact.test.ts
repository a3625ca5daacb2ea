import { describe, expect, it } from 'vitest';
import { redactRequestUrl, redactUrlPassword } from './redact.js';

describe('redactRequestUrl', () => {
  it.each([
    ['/registration/confirm?activate=eyJlbWFpbCI6ImEifQ.c2VjcmV0c2VjcmV0', 'activate'],
    ['/password-reset/confirm?reset=eyJlbWFpbCI6ImEifQ.c2VjcmV0c2VjcmV0', 'reset'],
    ['/invitations/accept?token=eyJlbWFpbCI6ImEifQ.c2VjcmV0c2VjcmV0', 'token'],
    ['/api/files/5/content/?token=aaaaaaaaaa.bbbbbbbbbb.cccccccc', 'token'],
    ['/api/version?apikey=pdk_abcdefabcdef_secretsecret', 'apikey'],
    ['/api/x?authorization=Bearer%20abc', 'authorization'],
    ['/api/x?whatever=pdk_abcdefabcdef_secret', 'whatever'],
  ])('hides the secret in %s', (url, name) => {
    const redacted = redactRequestUrl(url);
    expect(redacted).toContain(`${name}=[redacted]`);
    expect(redacted).not.toMatch(/secret|eyJ|bbbbbbbbbb|abc$/);
  });

  it('keeps harmless parameters and the path', () => {
    expect(redactRequestUrl('/api/groups/1/files/?search=benchy&cursor=20')).toBe(
      '/api/groups/1/files/?search=benchy&cursor=20',
    );
    expect(redactRequestUrl('/api/health')).toBe('/api/health');
  });

  it('judges encoded names and values', () => {
    expect(redactRequestUrl('/x?%74oken=abc')).toBe('/x?%74oken=[redacted]');
    expect(redactRequestUrl('/x?q=pdk%5Fabc')).toBe('/x?q=[redacted]');
  });
});

describe('redactUrlPassword', () => {
  it('hides the password of a database or SMTP URL', () => {
    expect(redactUrlPassword('postgres://app:s3cr%23t@db.example:5432/printdeck')).toBe(
      'postgres://app:[redacted]@db.example:5432/printdeck',
    );
    expect(redactUrlPassword('smtp://mailer:hunter2@smtp.example:587')).toBe(
      'smtp://mailer:[redacted]@smtp.example:587',
    );
    expect(redactUrlPassword('smtp://smtp.example:587')).toBe('smtp://smtp.example:587');
  });

  it('hides it also in a value that is not a valid URL', () => {
    expect(redactUrlPassword('postgres://app:hunter2@bad host/x')).toBe(
      'postgres://app:[redacted]@bad host/x',
    );
  });
});
