import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { LABEL_NAME_MAX, type FileLabel } from '@printdeck/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../api/api-error';
import { FormMessage } from '../../../../components/FormMessage';
import { useCreateFileLabel } from '../api/create-file-label';
import { useUpdateFileLabel } from '../api/update-file-label';
import { getParentChoices } from '../model/label-tree';

interface LabelDialogProps {
  workspaceId: number;
  labels: readonly FileLabel[];
  /** the label to edit; without it a new label is created */
  label?: FileLabel;
  onChanged: () => unknown;
  onClose: () => void;
}

/** Name (required) and an optional parent; an edited label cannot move under itself. */
export function LabelDialog({ workspaceId, labels, label, onChanged, onClose }: LabelDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(label?.name ?? '');
  const [parentId, setParentId] = useState<string | null>(
    label?.parent_id == null ? null : String(label.parent_id),
  );
  const create = useCreateFileLabel(workspaceId);
  const update = useUpdateFileLabel(workspaceId, onChanged);
  const mutation = label ? update : create;
  const error = isApiError(mutation.error) ? mutation.error : null;
  const trimmed = name.trim();
  const parents = getParentChoices(labels, label?.id).map(({ label: choice, depth }) => ({
    value: String(choice.id),
    label: `${'\u2003'.repeat(depth)}${choice.name}`,
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    const body = { name: trimmed, parent_id: parentId === null ? null : Number(parentId) };
    if (label) update.mutate({ labelId: label.id, body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  };

  const nameErrors = error?.getFieldErrors('name') ?? [];
  const parentErrors = error?.getFieldErrors('parent_id') ?? [];
  const otherError = error && nameErrors.length + parentErrors.length === 0 ? error : null;
  return (
    <Modal
      opened
      onClose={onClose}
      title={label ? t('labels.dialog.editTitle') : t('labels.dialog.createTitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {otherError && <FormMessage>{otherError.message}</FormMessage>}
          <TextInput
            label={t('labels.dialog.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={LABEL_NAME_MAX}
            error={nameErrors.join(' ') || undefined}
            required
            data-autofocus
          />
          <Select
            label={t('labels.dialog.parent')}
            placeholder={t('labels.dialog.noParent')}
            data={parents}
            value={parentId}
            onChange={setParentId}
            error={parentErrors.join(' ') || undefined}
            clearable
            searchable
            nothingFoundMessage={t('labels.dialog.noParentChoices')}
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!trimmed} loading={mutation.isPending}>
              {t('labels.dialog.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
