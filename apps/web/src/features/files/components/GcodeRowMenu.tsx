import type { Gcode } from '@printdeck/shared';
import { IconDownload, IconTags, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ActionsMenu, type ActionsMenuItem } from '../../../components/ActionsMenu';

export type GcodeAction = 'download' | 'editLabels' | 'delete';

interface GcodeRowMenuProps {
  gcode: Pick<Gcode, 'name'>;
  canChange: boolean;
  onAction: (action: GcodeAction) => void;
}

/** The row's context menu; download is open to every member (spec §6). */
export function GcodeRowMenu({ gcode, canChange, onAction }: GcodeRowMenuProps) {
  const { t } = useTranslation();
  const item = (key: GcodeAction, icon: ActionsMenuItem['icon'], color?: string) => ({
    key,
    label: t(`files.actions.${key}`),
    icon,
    color,
    onClick: () => onAction(key),
  });
  const items = [
    item('download', IconDownload),
    ...(canChange ? [item('editLabels', IconTags), item('delete', IconTrash, 'red')] : []),
  ];
  return <ActionsMenu label={t('files.row.menu', { name: gcode.name })} items={items} />;
}
