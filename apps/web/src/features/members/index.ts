/** What app/ (routes, layouts) puts beside other features, of members. */
export { MembersSection } from './components/MembersSection';
