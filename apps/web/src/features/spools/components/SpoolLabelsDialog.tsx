import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Spool } from '@printdeck/shared';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SpoolLabel } from './SpoolLabel';
import classes from './spool-label.module.css';

/**
 * A printable page of labels (issue 26): the selected spools, or all that the list's search
 * and filters show; the labels flow in rows and do not break across printed pages.
 */
export function SpoolLabelsDialog(props: {
  workspaceId: number;
  spools: Spool[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={props.onClose} title={t('spools.labels.title')} fullScreen>
      <Stack>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('spools.labels.count', { count: props.spools.length })}
          </Text>
          <Group>
            <Button variant="default" onClick={props.onClose}>
              {t('common.close')}
            </Button>
            <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
              {t('spools.label.print')}
            </Button>
          </Group>
        </Group>
        <div className={classes.sheet} data-testid="spool-labels-sheet">
          {props.spools.map((spool) => (
            <SpoolLabel key={spool.id} workspaceId={props.workspaceId} spool={spool} />
          ))}
        </div>
      </Stack>
    </Modal>
  );
}
