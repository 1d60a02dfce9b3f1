import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, uniqueEmail } from './support/browser';
import {
  expectNewToast,
  expectPath,
  expectNoReload,
  expectSignedInBar,
  expectSignedOutBar,
  hidden,
  recordToasts,
  toastLog,
  visible,
} from './support/ui';

/** The sign-up dialog, its checks and its messages (docs/product.md § Accounts and sessions). */
describe('registration through the authentication dialog', () => {
  let page: Page;
  let clearSession: () => Promise<void>;

  beforeAll(async () => {
    const browser = await openBrowser();
    page = browser.page;
    await recordToasts(browser.context);
    clearSession = () => browser.context.clearCookies();
  });

  const dialog = () => page.getByTestId('dialog-auth');

  /** Each step starts as a visitor on the home page, whatever the step before left behind. */
  async function openJoinNow() {
    await clearSession();
    await page.goto('/');
    await page.getByTestId('button-join-now').click();
    await visible(dialog());
    await expectSelectedTab('register');
  }

  async function expectSelectedTab(tab: 'login' | 'register') {
    const other = tab === 'login' ? 'register' : 'login';
    await expect
      .poll(() => dialog().getByTestId(`tab-${tab}`).getAttribute('aria-selected'), { timeout: 10_000 })
      .toBe('true');
    expect(await dialog().getByTestId(`tab-${other}`).getAttribute('aria-selected')).toBe('false');
    await visible(dialog().getByTestId(tab === 'login' ? 'button-submit-login' : 'button-submit-register'));
  }

  async function fillRegister(fields: {
    firstName?: string;
    lastName?: string;
    email?: string;
    password?: string;
    confirmPassword?: string;
  }) {
    await page.locator('#register-first-name').fill(fields.firstName ?? '');
    await page.locator('#register-last-name').fill(fields.lastName ?? '');
    await page.locator('#register-email').fill(fields.email ?? '');
    await page.locator('#register-password').fill(fields.password ?? '');
    await page.locator('#register-confirm-password').fill(fields.confirmPassword ?? '');
  }

  const submitRegister = () => dialog().getByTestId('button-submit-register').click();

  /** The message under a field, and the field naming it as invalid and described by it. */
  async function expectFieldError(id: string, message: string) {
    const error = page.locator(`#${id}-error`);
    await visible(error);
    expect(await error.innerText()).toBe(message);
    expect(await page.locator(`#${id}`).getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${id}`).getAttribute('aria-describedby')).toContain(`${id}-error`);
  }

  it('Join Now opens the dialog on Sign Up, without external sign-in when none is configured', async () => {
    await openJoinNow();
    await visible(dialog().getByRole('heading', { name: 'Join Threadswap' }));
    expect(await dialog().getByTestId('button-external-sign-in').count()).toBe(0);
    expect(
      await dialog()
        .getByText(/external account/i)
        .count(),
    ).toBe(0);
    for (const id of [
      'register-first-name',
      'register-last-name',
      'register-email',
      'register-password',
      'register-confirm-password',
    ]) {
      await visible(page.locator(`#${id}`));
    }
    // The first field takes the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('register-first-name');
  });

  it('caps each field at the length the server accepts', async () => {
    await openJoinNow();
    const caps: Record<string, string> = {
      '#register-first-name': '80',
      '#register-last-name': '80',
      '#register-email': '254',
      '#register-password': '128',
      '#register-confirm-password': '128',
    };
    for (const [selector, max] of Object.entries(caps)) {
      expect(await page.locator(selector).getAttribute('maxlength'), selector).toBe(max);
    }
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await visible(page.locator('#login-email'));
    expect(await page.locator('#login-email').getAttribute('maxlength')).toBe('254');
    expect(await page.locator('#login-password').getAttribute('maxlength')).toBe('200');
  });

  it('refuses a form with a required field missing', async () => {
    await openJoinNow();
    const complete = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: uniqueEmail('missing'),
      password: 'secret123',
      confirmPassword: 'secret123',
    };
    const gaps = [
      {},
      { ...complete, firstName: '' },
      { ...complete, email: '' },
      { ...complete, password: '', confirmPassword: '' },
    ];
    const messages = {
      firstName: ['register-first-name', 'First name is required'],
      email: ['register-email', 'Email is required'],
      password: ['register-password', 'Password is required'],
    } as const;
    for (const form of gaps) {
      await fillRegister(form);
      await submitRegister();
      for (const [field, [id, message]] of Object.entries(messages)) {
        const filled = Boolean((form as Record<string, string>)[field]);
        if (filled) expect(await page.locator(`#${id}-error`).count(), id).toBe(0);
        else await expectFieldError(id, message);
      }
      await visible(dialog());
    }
  });

  it('refuses a confirmation that differs from the password', async () => {
    await openJoinNow();
    await fillRegister({
      firstName: 'Ada',
      email: uniqueEmail('mismatch'),
      password: 'secret123',
      confirmPassword: 'secret124',
    });
    await submitRegister();
    await expectFieldError('register-confirm-password', 'Passwords do not match');
    await visible(dialog());
  });

  it('refuses a password shorter than 8 characters', async () => {
    await openJoinNow();
    await fillRegister({
      firstName: 'Ada',
      email: uniqueEmail('weak'),
      password: '1234567',
      confirmPassword: '1234567',
    });
    await submitRegister();
    await expectFieldError('register-password', 'Password must be at least 8 characters long');
    await visible(dialog());
  });

  it('one toggle shows and hides both password fields', async () => {
    await openJoinNow();
    const password = page.locator('#register-password');
    const confirmation = page.locator('#register-confirm-password');
    const toggles = dialog().getByTestId('button-toggle-password');
    // Only the visible (Sign Up) tab's form is mounted: one toggle, shared by both fields.
    expect(await toggles.count()).toBe(1);
    const toggle = toggles.first();
    expect(await password.getAttribute('type')).toBe('password');
    expect(await confirmation.getAttribute('type')).toBe('password');

    await toggle.click();
    await expect.poll(() => password.getAttribute('type')).toBe('text');
    expect(await confirmation.getAttribute('type')).toBe('text');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');

    await toggle.click();
    await expect.poll(() => password.getAttribute('type')).toBe('password');
    expect(await confirmation.getAttribute('type')).toBe('password');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
  });

  const email = uniqueEmail('register');

  it('creates the account (8 characters are enough), says so, and is signed in without a reload', async () => {
    await openJoinNow();
    await fillRegister({
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      password: 'c0b0l-h0p',
      confirmPassword: 'c0b0l-h0p',
    });
    await expectNoReload(page, submitRegister, () => expectSignedInBar(page, 'Grace Hopper'));

    await expectPath(page, '/');
    expect(await page.getByTestId('button-user-menu').innerText()).toBe('GH');
    // The toast may render a moment after the signed-in bar.
    await expect
      .poll(async () => (await toastLog(page)).at(-1))
      .toEqual(['Account created!', 'Welcome to Threadswap! You can now start trading.']);
    await hidden(dialog());
  });

  it('shows the server refusing a common password under the password', async () => {
    await openJoinNow();
    await fillRegister({
      firstName: 'Ada',
      email: uniqueEmail('common'),
      password: 'password123',
      confirmPassword: 'password123',
    });
    await submitRegister();
    const error = page.locator('#register-password-error');
    await visible(error);
    expect(await page.locator('#register-password').getAttribute('aria-invalid')).toBe('true');
    await expectSignedOutBar(page);
  });

  it('refuses the same email a second time with the server message', async () => {
    await clearSession();
    await page.goto('/');
    await expectSignedOutBar(page);
    await page.getByTestId('button-join-now').click();
    await visible(dialog());
    await fillRegister({
      firstName: 'Grace',
      email: email.toUpperCase(),
      password: 'another-compiler-7',
      confirmPassword: 'another-compiler-7',
    });
    await submitRegister();
    // Under the email, which takes the focus.
    await expectFieldError('register-email', 'An account with this email already exists');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('register-email');
    await visible(dialog());
    await expectSignedOutBar(page);
  });

  it('sign in with a field missing says so', async () => {
    await openJoinNow();
    await dialog().getByTestId('tab-login').click();
    await expectSelectedTab('login');
    await visible(dialog().getByRole('heading', { name: 'Welcome back' }));
    expect(await dialog().getByTestId('button-external-sign-in').count()).toBe(0);
    const submitLogin = () => dialog().getByTestId('button-submit-login').click();

    for (const form of [
      { email: '', password: '' },
      { email: email, password: '' },
      { email: '', password: 'secr3t' },
    ]) {
      await page.locator('#login-email').fill(form.email);
      await page.locator('#login-password').fill(form.password);
      await expectNewToast(page, submitLogin, 'Missing information', 'Please fill in all fields');
      await visible(dialog());
    }
    await expectSignedOutBar(page);
  });

  it('/api/login opens the dialog on Sign In', async () => {
    await page.goto('/api/login');
    await visible(dialog());
    await expectSelectedTab('login');
    await visible(page.locator('#login-email'));
    // The parameter that asked for the dialog is dropped from the address.
    await expectPath(page, '/');
  });

  it('/api/auth/email opens the dialog on Sign Up', async () => {
    await page.goto('/api/auth/email');
    await visible(dialog());
    await expectSelectedTab('register');
    await visible(page.locator('#register-first-name'));
    await expectPath(page, '/');
  });
});
