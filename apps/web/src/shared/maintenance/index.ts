/** What other features may use of maintenance tasks. */
export { MaintenancePanel } from './components/MaintenancePanel';
export { MaintenanceDueBadge } from './components/MaintenanceDueBadge';
