import type { ControlAction } from '@printdeck/shared';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';

/** The body of one control route, as the contract has it. */
export type ControlBody<A extends ControlAction> = ApiRequestBody<`/printers/{id}/${A}/`, 'post'>;

/** POST /printers/{id}/{action}/: move, home, temperatures, fan, pause … emergency stop. */
export function controlPrinter<A extends ControlAction>(input: {
  printerId: number;
  action: A;
  body: ControlBody<A>;
}): Promise<void> {
  return apiClient.request({
    method: 'POST',
    path: apiPath(`/printers/{id}/${input.action as ControlAction}/`, { id: input.printerId }),
    body: input.body,
  });
}
