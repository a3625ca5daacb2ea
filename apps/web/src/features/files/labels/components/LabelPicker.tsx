import { Checkbox, Stack, Text } from '@mantine/core';
import type { FileLabel } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { flattenLabelTree, getIndentLevel } from '../model/label-tree';

interface LabelPickerProps {
  labels: readonly FileLabel[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
}

/** The label tree as checkboxes, for assigning labels to files. */
export function LabelPicker({ labels, value, onChange }: LabelPickerProps) {
  const { t } = useTranslation();
  const entries = flattenLabelTree(labels);
  if (entries.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('labels.picker.empty')}
      </Text>
    );
  }
  const toggle = (id: number, isChecked: boolean) =>
    onChange(isChecked ? [...value, id] : value.filter((item) => item !== id));
  return (
    <Stack
      gap="xs"
      mah="50vh"
      style={{ overflowY: 'auto' }}
      role="group"
      aria-label={t('labels.title')}
    >
      {entries.map(({ label, depth }) => (
        <Checkbox
          key={label.id}
          label={label.name}
          checked={value.includes(label.id)}
          onChange={(event) => toggle(label.id, event.currentTarget.checked)}
          ml={(getIndentLevel(depth) - 1) * 20}
        />
      ))}
    </Stack>
  );
}
