import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { systemClock, type Clock } from '../clock.js';
import { AppError } from './app-error.js';

/**
 * Maintenance mode is a file in the data directory (`npm run cli -- maintenance on`), so it
 * can be switched without a restart and by any instance sharing the data directory. The file
 * is looked at once a second at most, by the server's clock (tests move it instead of sleeping).
 */
export function createMaintenanceSwitch(dataDir: string, clock: Clock = systemClock) {
  const file = path.join(dataDir, 'maintenance');
  let cached = { value: false, checkedAt: 0 };
  return {
    file,
    isOn(): boolean {
      const now = clock.now().getTime();
      if (now - cached.checkedAt > 1000) cached = { value: existsSync(file), checkedAt: now };
      return cached.value;
    },
  };
}

export type MaintenanceSwitch = ReturnType<typeof createMaintenanceSwitch>;

export function registerMaintenance(app: FastifyInstance, maintenance: MaintenanceSwitch): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/health')) return;
    if (maintenance.isOn()) {
      throw new AppError(
        'maintenance',
        'We are updating the product. Please come back in a few minutes.',
      );
    }
  });
}
