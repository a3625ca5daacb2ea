/** What other features may use of account-security. */
export { isReauthRequired } from './api/reauthenticate';
export { ReauthDialog } from './components/ReauthDialog';
