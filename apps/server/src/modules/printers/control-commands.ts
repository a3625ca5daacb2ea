import type { ControlAction, ControlBody, DeviceCommand } from '@printdeck/shared';
import { AppError, fieldError } from '../../http/app-error.js';

/** A body's echo of the printer id must name the printer of the path (spec clients send it). */
export function assertBodyMatchesPath(printerId: number, body: { printerId?: number }): void {
  if (body.printerId !== undefined && body.printerId !== printerId) {
    throw new AppError(
      'validation_error',
      'Validation error: printerId - does not match the path.',
      {
        printerId: ['Does not match the path.'],
      },
    );
  }
}

/** A control action's validated body → the device command (spec part 1 §5 "Controls"). */
export function toControlCommand<A extends ControlAction>(
  action: A,
  body: ControlBody<A>,
): DeviceCommand {
  const input = body as ControlBody<ControlAction>;
  switch (action) {
    case 'move_head': {
      const move = input as ControlBody<'move_head'>;
      const axis = (['x', 'y', 'z'] as const).find((name) => move[name] !== undefined)!;
      return { name: 'move_head', axis, distance: move[axis]! };
    }
    case 'home_head':
      return { name: 'home_head', axes: (input as ControlBody<'home_head'>).axes };
    case 'temperature': {
      const { part, temperature } = input as ControlBody<'temperature'>;
      return { name: 'temperature', part, temperature };
    }
    case 'fan_state':
      return { name: 'fan_state', on: (input as ControlBody<'fan_state'>).state === 'on' };
    case 'extrude':
      return { name: 'extrude', amount: (input as ControlBody<'extrude'>).amount };
    case 'send_command': {
      // Spec: commands split by line, empty lines dropped, nothing sent if none remain.
      const commands = (input as ControlBody<'send_command'>).commands
        .flatMap((command) => command.split(/\r?\n/))
        .map((command) => command.trim())
        .filter(Boolean);
      if (commands.length === 0) throw fieldError('commands', 'No command to send.');
      return { name: 'send_command', commands };
    }
    default:
      return {
        name: action as Exclude<
          ControlAction,
          'move_head' | 'home_head' | 'temperature' | 'fan_state' | 'extrude' | 'send_command'
        >,
      };
  }
}
