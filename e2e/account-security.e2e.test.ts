import { describe, expect, it } from 'vitest';
import { authenticatorCode } from '../apps/server/test-support/two-factor.js';
import { useAppAndBrowser } from './support/fixture.js';
import { scanQrCode } from './support/scan-qr-code.js';
import {
  createMember,
  expectHeading,
  expectPath,
  expectVisible,
  fillSignIn,
} from './support/ui.js';

const PASSWORD = 'a long enough passphrase 42';

describe('account security', () => {
  const fixture = useAppAndBrowser();

  it('lists the sessions with browser and address, and signs out another one', async () => {
    const { app } = fixture;
    const email = 'sessions@example.com';
    await createMember(app, { email, password: PASSWORD, workspace: 'Sessions Lab' });
    const laptop = await fixture.openPage();
    await laptop.goto(`${app.url}/login`);
    await fillSignIn(laptop, email, PASSWORD);
    await expectHeading(laptop, 'Sessions Lab');
    const phone = await fixture.openPage();
    await phone.goto(`${app.url}/login`);
    await fillSignIn(phone, email, PASSWORD);
    await expectHeading(phone, 'Sessions Lab');

    await laptop.goto(`${app.url}/settings/account`);
    const table = laptop.getByRole('table', { name: 'Where you are signed in' });
    await expectVisible(table.getByText('This browser'));
    await expect.poll(() => table.getByRole('row').count()).toBe(3); // header + two sessions
    await expectVisible(table.getByText('127.0.0.1').first());
    await expectVisible(table.getByText('Chrome', { exact: false }).first());
    await table.getByRole('button', { name: /^Sign out Chrome/ }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);

    // the other browser finds itself signed out at its next request
    await phone.reload();
    await expectPath(phone, '/login');
    // this one is still in
    await laptop.reload();
    await expectVisible(table.getByText('This browser'));
  });

  it('changes the password after asking for the current one', async () => {
    const { app } = fixture;
    const email = 'password@example.com';
    await createMember(app, { email, password: PASSWORD, workspace: 'Password Lab' });
    const page = await fixture.openPage();
    await page.goto(`${app.url}/login`);
    await fillSignIn(page, email, PASSWORD);
    await expectHeading(page, 'Password Lab');
    await page.goto(`${app.url}/settings/account`);
    const form = page.getByRole('region', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not my passphrase');
    await form.getByLabel('New password', { exact: true }).fill('a fresh new passphrase 7');
    await form.getByLabel('Confirm new password').fill('a fresh new passphrase 7');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expectVisible(form.getByText('The current password is not correct.'));

    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expectVisible(
      page.getByText('Your password was changed. Other sessions were signed out.'),
    );
    const signIn = (password: string) =>
      fetch(`${app.url}/api/tokens/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email, password }),
      });
    expect((await signIn(PASSWORD)).status).toBe(401);
    expect((await signIn('a fresh new passphrase 7')).status).toBe(200);
    // still signed in here
    await page.reload();
    await expectHeading(page, 'Account');
  });

  it('two tabs reloaded at the same moment both stay signed in', async () => {
    const { app } = fixture;
    const email = 'tabs@example.com';
    await createMember(app, { email, password: PASSWORD, workspace: 'Tabs Lab' });
    const first = await fixture.openPage();
    await first.goto(`${app.url}/login`);
    await fillSignIn(first, email, PASSWORD);
    await expectHeading(first, 'Tabs Lab');
    const second = await first.context().newPage();
    await second.goto(`${app.url}/`);
    await expectHeading(second, 'Tabs Lab');

    for (let round = 0; round < 3; round += 1) {
      await Promise.all([first.reload(), second.reload()]);
      await Promise.all([expectHeading(first, 'Tabs Lab'), expectHeading(second, 'Tabs Lab')]);
    }
    expect(new URL(first.url()).pathname).toBe('/');
    expect(new URL(second.url()).pathname).toBe('/');
    const sessions = await first.evaluate(async () => {
      const refresh = await fetch('/api/tokens/refresh/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-refresh-cookie': '1' },
        body: '{}',
      });
      return refresh.status;
    });
    expect(sessions).toBe(200);
  });

  it('turns two-factor sign-in on, then signing in asks for the code from the app', async () => {
    const { app } = fixture;
    const email = 'totp@example.com';
    await createMember(app, { email, password: PASSWORD, workspace: 'Totp Lab' });
    const page = await fixture.openPage();
    await page.goto(`${app.url}/login`);
    await fillSignIn(page, email, PASSWORD);
    await expectHeading(page, 'Totp Lab');
    await page.goto(`${app.url}/settings/account`);
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const typedSecret = await section.getByTestId('two-factor-secret').innerText();
    expect(typedSecret).toMatch(/^[A-Z2-7]{32}$/);
    // the phone scans the QR code: it holds the same key, for this account, from Printdeck
    const qrCode = section.getByRole('img', {
      name: 'QR code that adds Printdeck to an authenticator app',
    });
    await expectVisible(qrCode);
    await expect
      .poll(() => qrCode.evaluate((img) => (img as HTMLImageElement).complete))
      .toBe(true);
    const scanned = new URL((await scanQrCode(qrCode)) ?? 'about:blank');
    expect(scanned.protocol).toBe('otpauth:');
    expect(scanned.host).toBe('totp');
    expect(decodeURIComponent(scanned.pathname)).toContain(email);
    expect(scanned.searchParams.get('issuer')).toBe('Printdeck');
    const secret = scanned.searchParams.get('secret') ?? '';
    expect(secret).toBe(typedSecret);
    await section
      .getByLabel('Authentication code')
      .fill('000000' === authenticatorCode(secret) ? '111111' : '000000');
    await section.getByRole('button', { name: 'Confirm and turn on' }).click();
    await expectVisible(section.getByText('The code is not valid. Try the next one.'));
    await section.getByLabel('Authentication code').fill(authenticatorCode(secret));
    await section.getByRole('button', { name: 'Confirm and turn on' }).click();
    const codes = section.getByTestId('recovery-codes');
    await expectVisible(codes);
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await expectVisible(section.getByText('On: signing in asks for a code', { exact: false }));

    // a new browser: password first, then the code
    const other = await fixture.openPage();
    await other.goto(`${app.url}/login`);
    await fillSignIn(other, email, PASSWORD);
    const code = other.getByLabel('Authentication code');
    await expectVisible(code);
    await code.fill(authenticatorCode(secret, undefined, 1));
    await other.getByRole('button', { name: 'Sign in' }).click();
    await expectHeading(other, 'Totp Lab');
    await expectPath(other, '/');
  });
});
