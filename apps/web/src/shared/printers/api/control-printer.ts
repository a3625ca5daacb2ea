import type { ControlAction, ControlBodySchemas } from '@printdeck/shared';
import type { z } from 'zod';
import { apiClient } from '../../../api/client';

export type ControlBody<A extends ControlAction> = z.input<(typeof ControlBodySchemas)[A]>;

/** POST /printers/{id}/{action}/: move, home, temperatures, fan, pause … emergency stop. */
export function controlPrinter<A extends ControlAction>(input: {
  printerId: number;
  action: A;
  body: ControlBody<A>;
}): Promise<void> {
  return apiClient.request({
    method: 'POST',
    path: `/printers/${input.printerId}/${input.action}/`,
    body: input.body,
  });
}
