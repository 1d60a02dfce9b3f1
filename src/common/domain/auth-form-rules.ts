import { MIN_PASSWORD_LENGTH } from '../api/auth';

/** A validation failure, shown to the user as a toast title and description (docs/product.md § Accounts and sessions). */
export interface FormProblem {
  title: string;
  description: string;
}

export interface LoginForm {
  email: string;
  password: string;
}

export interface RegisterForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** Sign in: email and password are required. */
export function checkLoginForm(form: LoginForm): FormProblem | null {
  if (!form.email.trim() || !form.password) {
    return { title: 'Missing information', description: 'Please fill in all fields' };
  }
  return null;
}

/** What is wrong with each sign-up field, shown under that field; empty when the form may be sent. */
export type RegisterFormErrors = Partial<Record<keyof RegisterForm, string>>;

/**
 * Sign up: the required fields (lastName is optional), the password's length and its confirmation.
 * Every field's problem at once, so that each shows under its own field.
 */
export function registerFormErrors(form: RegisterForm): RegisterFormErrors {
  const errors: RegisterFormErrors = {};
  if (!form.firstName.trim()) errors.firstName = 'First name is required';
  if (!form.email.trim()) errors.email = 'Email is required';
  if (!form.password) errors.password = 'Password is required';
  else if (form.password.length < MIN_PASSWORD_LENGTH)
    errors.password = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  if (form.password && form.password !== form.confirmPassword)
    errors.confirmPassword = 'Passwords do not match';
  return errors;
}
