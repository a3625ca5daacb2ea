/** What other features may use of members. */
export { MembersSection } from './components/MembersSection';
