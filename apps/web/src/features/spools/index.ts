/** What other features may use of spools. */
export { SpoolSwatch } from './components/SpoolSwatch';
