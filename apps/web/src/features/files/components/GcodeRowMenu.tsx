import type { Gcode } from '@printdeck/shared';
import {
  IconDownload,
  IconListNumbers,
  IconPrinter,
  IconTags,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ActionsMenu, type ActionsMenuItem } from '../../../components/ActionsMenu';
import { useHasPermission } from '../../../shared/workspaces/hooks/use-permission';
import { useIsQueueAvailable } from '../../../shared/print-queue/hooks/use-is-queue-available';

export type GcodeAction = 'print' | 'queue' | 'download' | 'editLabels' | 'delete';

interface GcodeRowMenuProps {
  gcode: Pick<Gcode, 'name'>;
  canChange: boolean;
  onAction: (action: GcodeAction) => void;
}

/** The row's context menu; print needs OPERATE_PRINTERS, download is open to every member (spec §6). */
export function GcodeRowMenu({ gcode, canChange, onAction }: GcodeRowMenuProps) {
  const { t } = useTranslation();
  const canPrint = useHasPermission('OPERATE_PRINTERS');
  const canQueue = useIsQueueAvailable();
  const item = (
    key: Exclude<GcodeAction, 'print' | 'queue'>,
    icon: ActionsMenuItem['icon'],
    color?: string,
  ) => ({
    key,
    label: t(`files.actions.${key}`),
    icon,
    color,
    onClick: () => onAction(key),
  });
  const items = [
    ...(canPrint
      ? [
          {
            key: 'print',
            label: t('printDialog.open'),
            icon: IconPrinter,
            onClick: () => onAction('print'),
          },
        ]
      : []),
    ...(canQueue
      ? [
          {
            key: 'queue',
            label: t('printQueue.addToQueue'),
            icon: IconListNumbers,
            onClick: () => onAction('queue'),
          },
        ]
      : []),
    item('download', IconDownload),
    ...(canChange ? [item('editLabels', IconTags), item('delete', IconTrash, 'red')] : []),
  ];
  return <ActionsMenu label={t('files.row.menu', { name: gcode.name })} items={items} />;
}
