import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** the safe way out, when "Cancel" would read like the action itself ("Keep printing") */
  dismissLabel?: string;
  /** red by default: most questions come before something that cannot be undone */
  color?: string;
  isPending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes-or-no question before an action; Cancel is the safe way out. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={props.onClose} title={props.title}>
      <Stack gap="lg">
        {typeof props.children === 'string' ? <Text>{props.children}</Text> : props.children}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {props.dismissLabel ?? t('common.cancel')}
          </Button>
          <Button
            color={props.color ?? 'red'}
            loading={props.isPending}
            onClick={props.onConfirm}
            data-autofocus
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
