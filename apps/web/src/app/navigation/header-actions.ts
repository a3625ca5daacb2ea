import type { ComponentType } from 'react';
import { HeaderUploadButton } from '../../features/files/components/UploadGcodesButton';
import { HeaderPrintButton } from '../../features/print-dialog/components/PrintButton';
import type { HeaderActionId } from './navigation';

/**
 * Buttons of the header that open a feature's dialog (Print, Upload). A feature registers its
 * button here when its dialog exists; until then the permission rules decide nothing visible.
 */
export const HEADER_ACTION_BUTTONS: Partial<Record<HeaderActionId, ComponentType>> = {
  print: HeaderPrintButton,
  upload: HeaderUploadButton,
};

export function isHeaderActionAvailable(id: HeaderActionId): boolean {
  return Object.hasOwn(HEADER_ACTION_BUTTONS, id);
}
