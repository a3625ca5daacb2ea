import { ActionIcon, Menu } from '@mantine/core';
import { IconAlertOctagon, IconDots, IconInfoCircle, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getScreenPath } from '../../../config/screens';
import type { PrinterCommands } from '../../../shared/printers/hooks/use-printer-commands';
import type { PrinterView } from '../../../shared/printers/model/printer-view';

interface PrinterCardMenuProps {
  view: PrinterView;
  canEmergencyStop: boolean;
  canEditSettings: boolean;
  commands: PrinterCommands;
}

/** The card's context menu: detail, settings, and emergency stop while paired. */
export function PrinterCardMenu({
  view,
  canEmergencyStop,
  canEditSettings,
  commands,
}: PrinterCardMenuProps) {
  const { t } = useTranslation();
  const { printer } = view;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('printers.card.menu', { name: printer.name })}
          className="printer-interactive"
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={getScreenPath('printerDetail', { id: printer.id }) ?? '#'}
          leftSection={<IconInfoCircle size={16} />}
        >
          {t('printers.card.openDetail')}
        </Menu.Item>
        {canEditSettings && (
          <Menu.Item
            component={Link}
            to={
              getScreenPath('settingsPrinterEdit', { groupId: printer.group_id, id: printer.id }) ??
              '#'
            }
            leftSection={<IconSettings size={16} />}
          >
            {t('printers.card.settings')}
          </Menu.Item>
        )}
        {canEmergencyStop && (
          <>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconAlertOctagon size={16} />}
              onClick={() => void commands.emergencyStop(view)}
            >
              {t('printers.actions.emergencyStop')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
