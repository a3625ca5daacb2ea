/** What other features may use of invitations. */
export { MyInvitationsList } from './components/MyInvitationsList';
