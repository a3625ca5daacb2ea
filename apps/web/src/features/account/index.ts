/** What other features may use of account. */
export { useMe } from './api/get-me';
