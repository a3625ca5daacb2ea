import { HEADER_ACTION_BUTTONS } from '../navigation/header-actions';
import type { HeaderActionId } from '../navigation/navigation';

/** The Print and Upload buttons that the permissions allow and whose features exist. */
export function HeaderActions({ actions }: { actions: readonly HeaderActionId[] }) {
  return actions.map((id) => {
    const ActionButton = HEADER_ACTION_BUTTONS[id];
    return ActionButton ? <ActionButton key={id} /> : null;
  });
}
