import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { LIMITS, type PrinterGroup } from '@printdeck/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreatePrinterGroup } from '../api/create-printer-group';
import { useRenamePrinterGroup } from '../api/rename-printer-group';

interface PrinterGroupDialogProps {
  workspaceId: number;
  /** the group to rename; without it a new group is created */
  group?: Pick<PrinterGroup, 'id' | 'name'>;
  onClose: () => void;
}

/** Create or rename a printer group: the name is required, at most 100 characters. */
export function PrinterGroupDialog({ workspaceId, group, onClose }: PrinterGroupDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(group?.name ?? '');
  const create = useCreatePrinterGroup(workspaceId);
  const rename = useRenamePrinterGroup(workspaceId);
  const isPending = create.isPending || rename.isPending;
  const trimmed = name.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    const done = { onSuccess: onClose };
    if (group) rename.mutate({ groupId: group.id, name: trimmed }, done);
    else create.mutate(trimmed, done);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={group ? t('printers.groups.editTitle') : t('printers.groups.createTitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('printers.groups.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={LIMITS.printerGroupNameMax}
            description={t('printers.groups.nameLimit', { max: LIMITS.printerGroupNameMax })}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('printers.common.cancel')}
            </Button>
            <Button type="submit" disabled={!trimmed} loading={isPending}>
              {t('printers.common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
