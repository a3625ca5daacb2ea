import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { LiveDevices } from '../gateway/live-devices.js';
import { createEnergyMetersRepository } from '../modules/energy-meters/energy-meters.repository.js';
import { createEnergyMetersService } from '../modules/energy-meters/energy-meters.service.js';
import { createNetworkPolicy, type LanNetwork } from '../modules/lan-printers/lan-networks.js';
import type { GetPrinterForUser } from '../modules/printers/printer-access.js';

/**
 * Energy from a smart plug (issue 26): the plugs printers name, read by each printer's agent
 * (asked over the device protocol) or by the server within the networks LAN mode may reach
 * (`LAN_PRINTER_NETWORKS`; none set, the server reads no plug).
 */
export function createEnergyMeters(deps: {
  db: Db;
  clock: Clock;
  getPrinterForUser: GetPrinterForUser;
  live: LiveDevices;
  lanPrinterNetworks: LanNetwork[] | undefined;
}) {
  return createEnergyMetersService({
    meters: createEnergyMetersRepository(deps.db),
    getPrinterForUser: deps.getPrinterForUser,
    clock: deps.clock,
    live: deps.live,
    policy: deps.lanPrinterNetworks?.length ? createNetworkPolicy(deps.lanPrinterNetworks) : null,
  });
}
