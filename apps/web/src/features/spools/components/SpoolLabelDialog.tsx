import { Button, Group, Modal, Stack } from '@mantine/core';
import type { Spool } from '@printdeck/shared';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SpoolLabel } from './SpoolLabel';
import classes from './spool-label.module.css';

/** One spool's label, and a button that prints only it. */
export function SpoolLabelDialog(props: {
  workspaceId: number;
  spool: Spool;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={props.onClose} title={t('spools.label.title')}>
      <Stack>
        <div className={classes.sheet}>
          <SpoolLabel workspaceId={props.workspaceId} spool={props.spool} />
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('common.close')}
          </Button>
          <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            {t('spools.label.print')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
