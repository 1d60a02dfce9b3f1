import { describe, expect, it } from 'vitest';
import { checkLoginForm, registerFormErrors, type RegisterForm } from './auth-form-rules';

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

describe('registerFormErrors', () => {
  const valid: RegisterForm = {
    firstName: 'Ada',
    lastName: '',
    email: 'ada@example.com',
    password: 'secret12',
    confirmPassword: 'secret12',
  };

  it('accepts a complete form without a last name', () => {
    expect(registerFormErrors(valid)).toEqual({});
  });

  it.each([
    ['firstName', 'First name is required'],
    ['email', 'Email is required'],
    ['password', 'Password is required'],
  ] as const)('requires %s, under that field', (field, message) => {
    const form = { ...valid, [field]: field === 'password' ? '' : '  ' };
    expect(registerFormErrors(form)[field]).toBe(message);
  });

  it('names every field with a problem at once', () => {
    expect(
      registerFormErrors({ ...valid, firstName: '', email: '', password: 'abc', confirmPassword: 'abd' }),
    ).toEqual({
      firstName: 'First name is required',
      email: 'Email is required',
      password: 'Password must be at least 8 characters long',
      confirmPassword: 'Passwords do not match',
    });
  });

  it('accepts exactly 8 characters', () => {
    expect(registerFormErrors({ ...valid, password: 'abcdefgh', confirmPassword: 'abcdefgh' })).toEqual({});
  });
});
