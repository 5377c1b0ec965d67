// Journey (accounts) (storefront): sign up, sign out, sign in, edit the profile and bank details, sign out.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, saveBankDetails, snap, uniqueEmail } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

for (const size of ['phone', 'desktop']) {
  test(`a buyer signs up, signs out and in, edits the profile (${size})`, async () => {
    const page = await newPage(browser, size);
    const email = uniqueEmail(`buyer-${size}`);
    const password = 'Sunny-Lagos-2026';

    await page.goto('/sign-up');
    await snap(page, `${size}-sign-up`);
    await page.getByLabel(/^First name/).fill('Amaka');
    await page.getByLabel(/^Last name/).fill('Nwosu');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel(/^Confirm password/).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    assert.ok(await page.evaluate(() => localStorage.getItem('access_token')), 'a session is stored after sign-up');

    // The profile, through the login guard.
    await page.goto('/profile');
    await page.getByRole('button', { name: /Complete Profile|Edit Profile/ }).click();
    await page.getByLabel(/^Phone/).fill('08031234567');
    await page.getByLabel(/^Gender/).selectOption('Female');
    await snap(page, `${size}-edit-profile`);
    await page.getByRole('dialog').getByRole('button', { name: /Save/ }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByText('08031234567').waitFor();

    // "Add Bank Details" is the payout account: the bank from the list, the name from the bank (one place for bank details).
    await saveBankDetails(page, { shot: `${size}-bank-details` });
    await page.getByText('Guaranty Trust Bank').waitFor();
    await snap(page, `${size}-profile`);

    // Sign out (phones reach the account menu the same way), then sign in again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForFunction(() => !localStorage.getItem('access_token'));
    await page.goto('/auth');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill('wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid email or password').first().waitFor();
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/profile');
    await page.getByText('Guaranty Trust Bank').waitFor();
    await page.context().close();
  });
}

test('the login guard sends a visitor to sign-in and back after it', async () => {
  const page = await newPage(browser);
  await page.goto('/profile');
  await page.waitForURL((u) => u.pathname === '/auth');
  await page.getByLabel(/^Email/).fill('ada@kasuwa.test');
  await page.getByLabel(/^Password/).fill('kasuwa-demo-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/profile');
  await page.getByText('ada@kasuwa.test').first().waitFor();
  await page.context().close();
});
