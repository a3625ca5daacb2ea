export {
  FLEET_KINDS,
  planFleet,
  startFleet,
  type Fleet,
  type FleetKind,
  type FleetOptions,
  type FleetPrinter,
} from './fleet.js';
export { parseFleetArgs, FLEET_USAGE, type FleetArgs } from './fleet-args.js';
