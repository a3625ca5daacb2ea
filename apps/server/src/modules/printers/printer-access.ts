import { roleHasPermission, type Permission } from '@printdeck/shared';
import { AppError, forbidden } from '../../http/app-error.js';
import type { WorkspacesRepository } from '../workspaces/workspaces.repository.js';
import type { PrinterRow, PrintersRepository } from './printers.repository.js';

export const printerNotFound = () => new AppError('not_found', 'Printer with ID does not exists.');

/**
 * A printer the caller may act on: 404 when it does not exist or lives in a workspace the
 * caller is not in (no existence leak), 403 when the role lacks the permission.
 */
export function createPrinterAccess(deps: {
  printers: PrintersRepository;
  workspaces: WorkspacesRepository;
}) {
  return async function getPrinterForUser(
    userId: number,
    printerId: number,
    permission: Permission,
  ): Promise<PrinterRow> {
    const printer = await deps.printers.findPrinterById(printerId);
    if (!printer) throw printerNotFound();
    const membership = await deps.workspaces.findMembershipRole(userId, printer.workspace_id);
    if (!membership) throw printerNotFound();
    if (!roleHasPermission(membership.role, permission)) throw forbidden();
    return printer;
  };
}

export type GetPrinterForUser = ReturnType<typeof createPrinterAccess>;
