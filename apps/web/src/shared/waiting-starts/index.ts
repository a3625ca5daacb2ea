/** What other features may use of the starts held by the staggered-start rule (issue 26). */
export { WaitingStartNotice } from './components/WaitingStartNotice';
export { waitingStartsQueryKey } from './api/waiting-starts';
