import { ActionIcon, Menu } from '@mantine/core';
import type { PrinterGroup } from '@printdeck/shared';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeletePrinterGroup } from '../api/delete-printer-group';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { PrinterGroupDialog } from './PrinterGroupDialog';

/** Edit and delete of a real printer group (CHANGE_GROUP). */
export function PrinterGroupMenu({
  workspaceId,
  group,
}: {
  workspaceId: number;
  group: Pick<PrinterGroup, 'id' | 'name'>;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const remove = useDeletePrinterGroup(workspaceId);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('printers.groups.menu', { name: group.name })}
          >
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setDialog('edit')}>
            {t('printers.groups.edit')}
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setDialog('delete')}
          >
            {t('printers.groups.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {dialog === 'edit' && (
        <PrinterGroupDialog
          workspaceId={workspaceId}
          group={group}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={t('printers.groups.deleteTitle')}
          confirmLabel={t('printers.groups.delete')}
          isPending={remove.isPending}
          onClose={() => setDialog(null)}
          onConfirm={() => remove.mutate(group.id, { onSuccess: () => setDialog(null) })}
        >
          {t('printers.groups.deleteConfirm', { name: group.name })}
        </ConfirmDialog>
      )}
    </>
  );
}
