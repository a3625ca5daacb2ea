/** What other features may use of auth. */
export { getNewPasswordErrorMessage, validateNewPassword } from './auth-messages';
export { AuthCard } from './components/AuthCard';
export type { LoginLocationState } from './components/LoginPage';
export { signInNewAccount } from './api/sign-in-new-account';
