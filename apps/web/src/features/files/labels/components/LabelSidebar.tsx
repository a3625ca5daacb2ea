import { ActionIcon, Group, NavLink, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import type { FileLabel } from '@printdeck/shared';
import { IconPencil, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionsMenu } from '../../../../components/ActionsMenu';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { useDeleteFileLabel } from '../api/delete-file-label';
import { useFileLabels } from '../../../../shared/file-labels/api/get-file-labels';
import { flattenLabelTree, getIndentLevel } from '../model/label-tree';
import type { LabelSelection } from '../../../../shared/file-labels/model/label-selection';
import { LabelDialog } from './LabelDialog';

const INDENT_PX = 14;

interface LabelSidebarProps {
  workspaceId: number;
  isSelected: (selection: LabelSelection) => boolean;
  onSelect: (selection: LabelSelection) => void;
  /** CHANGE_FILES: the add button and each label's menu */
  canManage: boolean;
  /** a label was renamed, moved or deleted: what shows label names reloads */
  onLabelsChanged: () => unknown;
}

type LabelDialogState = { kind: 'create' } | { kind: 'edit'; label: FileLabel } | null;

/** All, No label, then the label tree indented by level (spec §2.4). */
export function LabelSidebar(props: LabelSidebarProps) {
  const { workspaceId, isSelected, onSelect, canManage, onLabelsChanged } = props;
  const { t } = useTranslation();
  const labels = useFileLabels(workspaceId);
  const remove = useDeleteFileLabel(workspaceId, onLabelsChanged);
  const [dialog, setDialog] = useState<LabelDialogState>(null);
  const [deleting, setDeleting] = useState<FileLabel | null>(null);
  const entry = (selection: LabelSelection, label: string, depth = 0) => (
    <NavLink
      component="button"
      label={label}
      active={isSelected(selection)}
      aria-current={isSelected(selection) ? 'true' : undefined}
      onClick={() => onSelect(selection)}
      pl={`calc(var(--mantine-spacing-sm) + ${(getIndentLevel(depth) - 1) * INDENT_PX}px)`}
      style={{ borderRadius: 'var(--mantine-radius-sm)', flex: 1, minWidth: 0 }}
      styles={{ label: { overflowWrap: 'anywhere' } }}
    />
  );

  return (
    <Stack gap={4} component="nav" aria-label={t('labels.title')}>
      <Group justify="space-between" wrap="nowrap" px="xs" mb={4}>
        <Text fw={600} size="sm" c="dimmed" tt="uppercase">
          {t('labels.title')}
        </Text>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={t('labels.refresh')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('labels.refresh')}
              loading={labels.isFetching}
              onClick={() => void labels.refetch()}
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
          {canManage && (
            <Tooltip label={t('labels.add')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('labels.add')}
                onClick={() => setDialog({ kind: 'create' })}
              >
                <IconPlus size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      {entry({ kind: 'all' }, t('labels.all'))}
      {entry({ kind: 'uncategorized' }, t('labels.none'))}
      {labels.isPending &&
        Array.from({ length: 3 }, (_, index) => <Skeleton key={index} h={28} radius="sm" />)}
      {flattenLabelTree(labels.data ?? []).map(({ label, depth }) => (
        <Group key={label.id} gap={0} wrap="nowrap" data-testid="label-entry">
          {entry({ kind: 'label', id: label.id }, label.name, depth)}
          {canManage && (
            <ActionsMenu
              label={t('labels.menu', { name: label.name })}
              items={[
                {
                  key: 'edit',
                  label: t('labels.edit'),
                  icon: IconPencil,
                  onClick: () => setDialog({ kind: 'edit', label }),
                },
                {
                  key: 'delete',
                  label: t('labels.delete'),
                  icon: IconTrash,
                  color: 'red',
                  onClick: () => setDeleting(label),
                },
              ]}
            />
          )}
        </Group>
      ))}
      {dialog && (
        <LabelDialog
          workspaceId={workspaceId}
          labels={labels.data ?? []}
          label={dialog.kind === 'edit' ? dialog.label : undefined}
          onChanged={onLabelsChanged}
          onClose={() => setDialog(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('labels.deleteDialog.title')}
          confirmLabel={t('labels.deleteDialog.confirm')}
          isPending={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                if (isSelected({ kind: 'label', id: deleting.id })) onSelect({ kind: 'all' });
                setDeleting(null);
              },
            })
          }
        >
          {t('labels.deleteDialog.text', { name: deleting.name })}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
