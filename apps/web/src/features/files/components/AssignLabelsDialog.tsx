import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Gcode } from '@printdeck/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { reportError } from '../../../lib/error-modal-store';
import { PageLoader } from '../../../components/PageLoader';
import { ProductError } from '../../../lib/product-error';
import { LabelPicker } from '../labels';
import { useFileLabels } from '../../../shared/file-labels/api/get-file-labels';
import { useAssignGcodeLabels } from '../api/update-gcode';

interface AssignLabelsDialogProps {
  workspaceId: number;
  gcodes: readonly Pick<Gcode, 'id' | 'name' | 'fileLabels'>[];
  onClose: () => void;
  onDone?: () => void;
}

/** The labels every given file has: what the dialog starts with. */
function findCommonLabelIds(gcodes: AssignLabelsDialogProps['gcodes']): number[] {
  const [first, ...rest] = gcodes;
  if (!first) return [];
  return first.fileLabels
    .map((label) => label.id)
    .filter((id) => rest.every((gcode) => gcode.fileLabels.some((label) => label.id === id)));
}

/**
 * Edit labels of one file, or change the labels of the selected files: the chosen labels
 * replace theirs. A refusal (400) closes the dialog with "Label assign problem" (spec §8).
 */
export function AssignLabelsDialog(props: AssignLabelsDialogProps) {
  const { workspaceId, gcodes, onClose, onDone } = props;
  const { t } = useTranslation();
  const labels = useFileLabels(workspaceId);
  const assign = useAssignGcodeLabels(workspaceId);
  const [value, setValue] = useState(() => findCommonLabelIds(gcodes));
  const [single] = gcodes.length === 1 ? gcodes : [];

  const save = () =>
    assign.mutate(
      { gcodeIds: gcodes.map((gcode) => gcode.id), labelIds: value },
      {
        onSuccess: () => {
          onClose();
          onDone?.();
        },
        onError: (error) => {
          if (!isApiError(error) || error.status !== 400) return reportError(error);
          onClose();
          // the server's own words: which label it refused and why
          reportError(new ProductError(t('files.assign.problemTitle'), error.message));
        },
      },
    );

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        single
          ? t('files.assign.title', { name: single.name })
          : t('files.assign.titleMany', { count: gcodes.length })
      }
    >
      <Stack gap="md">
        {!single && (
          <Text size="sm" c="dimmed">
            {t('files.assign.replaceHint')}
          </Text>
        )}
        {labels.data ? (
          <LabelPicker labels={labels.data} value={value} onChange={setValue} />
        ) : (
          <PageLoader />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={save} loading={assign.isPending} disabled={!labels.data}>
            {t('files.assign.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
