import { describe, expect, it } from 'vitest';
import { checkLoginForm, checkRegisterForm, type RegisterForm } from './auth-form-rules';

describe('checkLoginForm', () => {
  it('accepts an email and a password', () => {
    expect(checkLoginForm({ email: 'a@example.com', password: 'secret' })).toBeNull();
  });

  it.each([
    { email: '', password: 'secret' },
    { email: '   ', password: 'secret' },
    { email: 'a@example.com', password: '' },
  ])('asks for all fields when one is missing (%o)', (form) => {
    expect(checkLoginForm(form)).toEqual({
      title: 'Missing information',
      description: 'Please fill in all fields',
    });
  });
});

describe('checkRegisterForm', () => {
  const valid: RegisterForm = {
    firstName: 'Ada',
    lastName: '',
    email: 'ada@example.com',
    password: 'secret12',
    confirmPassword: 'secret12',
  };

  it('accepts a complete form without a last name', () => {
    expect(checkRegisterForm(valid)).toBeNull();
  });

  it.each(['firstName', 'email', 'password'] as const)('requires %s', (field) => {
    expect(checkRegisterForm({ ...valid, [field]: field === 'password' ? '' : '  ' })).toEqual({
      title: 'Missing information',
      description: 'Please fill in all required fields',
    });
  });

  it('rejects a confirmation that differs', () => {
    expect(checkRegisterForm({ ...valid, confirmPassword: 'secret2' })).toEqual({
      title: 'Password mismatch',
      description: 'Passwords do not match',
    });
  });

  it('rejects a password shorter than 8 characters, after the mismatch check', () => {
    expect(checkRegisterForm({ ...valid, password: 'abc', confirmPassword: 'abc' })).toEqual({
      title: 'Weak password',
      description: 'Password must be at least 8 characters long',
    });
    expect(checkRegisterForm({ ...valid, password: 'abc', confirmPassword: 'abd' })?.title).toBe(
      'Password mismatch',
    );
  });

  it('accepts exactly 8 characters', () => {
    expect(checkRegisterForm({ ...valid, password: 'abcdefgh', confirmPassword: 'abcdefgh' })).toBeNull();
  });
});
