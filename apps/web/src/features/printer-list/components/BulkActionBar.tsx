import { Alert, Button, Group, Menu, Text } from '@mantine/core';
import { IconBolt, IconPower } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BulkAction } from '../model/bulk-action';

/** The bulk action's menu (Turn on, Turn off). */
export function BulkActionMenu({ onChoose }: { onChoose: (action: BulkAction) => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconBolt size={16} />}>
          {t('printers.bulk.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPower size={16} />} onClick={() => onChoose('turnOn')}>
          {t('printers.bulk.turnOn')}
        </Menu.Item>
        <Menu.Item leftSection={<IconPower size={16} />} onClick={() => onChoose('turnOff')}>
          {t('printers.bulk.turnOff')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

interface BulkActionBarProps {
  action: BulkAction;
  selectedCount: number;
  selectableCount: number;
  isSending: boolean;
  onCancel: () => void;
  onSend: () => void;
}

/** While a bulk action is chosen: what is selected, the notice, Cancel and Send. */
export function BulkActionBar(props: BulkActionBarProps) {
  const { t } = useTranslation();
  return (
    <Alert
      color="indigo"
      variant="light"
      title={t(`printers.bulk.${props.action}`)}
      data-testid="bulk-action-bar"
      style={{ position: 'sticky', top: 8, zIndex: 10 }}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {props.selectableCount === 0
            ? t('printers.bulk.noneAvailable')
            : t('printers.bulk.hint', { count: props.selectedCount })}
        </Text>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={props.onCancel} disabled={props.isSending}>
            {t('printers.common.cancel')}
          </Button>
          <Button
            size="xs"
            onClick={props.onSend}
            disabled={props.selectedCount === 0}
            loading={props.isSending}
          >
            {t('printers.bulk.send')}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
