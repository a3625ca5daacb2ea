/** What app/ (routes, layouts) puts beside other features, of invitations. */
export { MyInvitationsList } from './components/MyInvitationsList';
