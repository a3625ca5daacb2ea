/** What other features may use of auth. */
export type { LoginLocationState } from './components/LoginPage';
