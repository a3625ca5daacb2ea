/** What the app's routes use of the spools feature (features are leaves). */
export { SpoolmanSection } from './components/SpoolmanSection';
export { getSpoolQueryOptions } from './api/get-spool';
