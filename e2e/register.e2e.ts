import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, uniqueEmail } from './support/browser';
import {
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

  // The authentication dialog: the one with the Sign In and Sign Up tabs (after sign-up the welcome
  // dialog opens too, and must not be taken for it).
  const dialog = () => page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Sign Up' }) });
  const TABS = { login: 'Sign In', register: 'Sign Up' } as const;
  const SUBMITS = { login: 'Sign In', register: 'Create Account' } as const;
  const field = (label: string) => dialog().getByLabel(label, { exact: true });

  /** Each step starts as a visitor on the home page, whatever the step before left behind. */
  async function openJoinNow() {
    await clearSession();
    await page.goto('/');
    await page.getByRole('button', { name: 'Join Now' }).click();
    await visible(dialog());
    await expectSelectedTab('register');
  }

  async function expectSelectedTab(tab: 'login' | 'register') {
    const other = tab === 'login' ? 'register' : 'login';
    await expect
      .poll(() => dialog().getByRole('tab', { name: TABS[tab] }).getAttribute('aria-selected'), {
        timeout: 10_000,
      })
      .toBe('true');
    expect(await dialog().getByRole('tab', { name: TABS[other] }).getAttribute('aria-selected')).toBe(
      'false',
    );
    await visible(dialog().getByRole('button', { name: SUBMITS[tab], exact: true }));
  }

  async function fillRegister(fields: {
    firstName?: string;
    lastName?: string;
    email?: string;
    password?: string;
    confirmPassword?: string;
  }) {
    await field('First name').fill(fields.firstName ?? '');
    await dialog()
      .getByLabel('Last name')
      .fill(fields.lastName ?? '');
    await field('Email').fill(fields.email ?? '');
    await field('Password').fill(fields.password ?? '');
    await field('Confirm password').fill(fields.confirmPassword ?? '');
  }

  const submitRegister = () => dialog().getByRole('button', { name: 'Create Account' }).click();

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
    expect(
      await dialog()
        .getByRole('button', { name: /^Continue with / })
        .count(),
    ).toBe(0);
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
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 20_000 })
      .toBe('register-first-name');
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
    const password = field('Password');
    const confirmation = field('Confirm password');
    const toggles = dialog().getByRole('button', { name: 'Show password' });
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
    // The welcome (onboarding) dialog is open over the page, which hides the bar from the
    // accessibility tree: the avatar is found among hidden elements.
    const avatar = page.getByRole('button', { name: 'Account menu for Grace Hopper', includeHidden: true });
    expect(await avatar.innerText()).toBe('GH');
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
    await page.getByRole('button', { name: 'Join Now' }).click();
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
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 20_000 })
      .toBe('register-email');
    await visible(dialog());
    await expectSignedOutBar(page);
  });

  it('sign in with a field missing says so', async () => {
    await openJoinNow();
    await dialog().getByRole('tab', { name: 'Sign In' }).click();
    await expectSelectedTab('login');
    await visible(dialog().getByRole('heading', { name: 'Welcome back' }));
    expect(
      await dialog()
        .getByRole('button', { name: /^Continue with / })
        .count(),
    ).toBe(0);
    const submitLogin = () => dialog().getByRole('button', { name: 'Sign In', exact: true }).click();

    // Each missing field says so under itself, as sign-up's do; the first one has the focus.
    for (const form of [
      { email: '', password: '', missing: ['login-email', 'login-password'] },
      { email: email, password: '', missing: ['login-password'] },
      { email: '', password: 'secr3t', missing: ['login-email'] },
    ]) {
      await field('Email').fill(form.email);
      await field('Password').fill(form.password);
      await submitLogin();
      for (const id of form.missing) {
        await expectFieldError(id, id === 'login-email' ? 'Email is required' : 'Password is required');
      }
      for (const id of ['login-email', 'login-password'].filter((field) => !form.missing.includes(field))) {
        expect(await page.locator(`#${id}-error`).count()).toBe(0);
      }
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 20_000 })
        .toBe(form.missing[0]);
      await visible(dialog());
    }
    await expectSignedOutBar(page);
  });

  it('/api/login opens the dialog on Sign In', async () => {
    await page.goto('/api/login');
    await visible(dialog());
    await expectSelectedTab('login');
    await visible(field('Email'));
    // The parameter that asked for the dialog is dropped from the address.
    await expectPath(page, '/');
  });

  it('/api/auth/email opens the dialog on Sign Up', async () => {
    await page.goto('/api/auth/email');
    await visible(dialog());
    await expectSelectedTab('register');
    await visible(field('First name'));
    await expectPath(page, '/');
  });
});
