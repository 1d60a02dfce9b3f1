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

/** Sign up, checked in this order (the first failure is shown): required fields, confirmation, length. lastName is optional. */
export function checkRegisterForm(form: RegisterForm): FormProblem | null {
  if (!form.firstName.trim() || !form.email.trim() || !form.password) {
    return { title: 'Missing information', description: 'Please fill in all required fields' };
  }
  if (form.password !== form.confirmPassword) {
    return { title: 'Password mismatch', description: 'Passwords do not match' };
  }
  if (form.password.length < MIN_PASSWORD_LENGTH) {
    return {
      title: 'Weak password',
      description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
    };
  }
  return null;
}
