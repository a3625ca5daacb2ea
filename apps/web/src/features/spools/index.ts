/** What other features may use of spools. */
export { LoadedSpools } from './components/LoadedSpools';
export { SpoolSwatch } from './components/SpoolSwatch';
