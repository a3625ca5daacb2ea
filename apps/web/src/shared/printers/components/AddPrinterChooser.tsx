import { Modal, Stack, Text, UnstyledButton, Group, ThemeIcon } from '@mantine/core';
import {
  IconChevronRight,
  IconCpu,
  IconNetwork,
  IconPill,
  IconPrinter,
  IconServer,
  IconWifi,
  type Icon,
} from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getScreenPath, type ScreenId } from '../../../config/screens';
import { useAgentInstallInfo } from '../api/get-agent-install';
import classes from './add-printer-chooser.module.css';

interface Choice {
  id: 'octoprint' | 'pill' | 'klipper' | 'prusalink' | 'bambu' | 'lan';
  screen: ScreenId;
  icon: Icon;
  title: ParseKeys;
  description: ParseKeys;
}

const CHOICES: Choice[] = [
  {
    id: 'octoprint',
    screen: 'settingsPrinterAddOctoprint',
    icon: IconServer,
    title: 'printers.chooser.octoprint',
    description: 'printers.chooser.octoprintDescription',
  },
  {
    id: 'pill',
    screen: 'settingsPrinterAdd',
    icon: IconPill,
    title: 'printers.chooser.pill',
    description: 'printers.chooser.pillDescription',
  },
  {
    id: 'klipper',
    screen: 'settingsPrinterAdd',
    icon: IconCpu,
    title: 'printers.chooser.klipper',
    description: 'printers.chooser.klipperDescription',
  },
  {
    id: 'prusalink',
    screen: 'settingsPrinterAdd',
    icon: IconPrinter,
    title: 'printers.chooser.prusalink',
    description: 'printers.chooser.prusalinkDescription',
  },
  {
    id: 'bambu',
    screen: 'settingsPrinterAdd',
    icon: IconWifi,
    title: 'printers.chooser.bambu',
    description: 'printers.chooser.bambuDescription',
  },
];

/** LAN mode (issue 17): only where the operator turned it on (LAN_PRINTER_NETWORKS). */
const LAN_CHOICE: Choice = {
  id: 'lan',
  screen: 'settingsPrinterAddLan',
  icon: IconNetwork,
  title: 'printers.chooser.lan',
  description: 'printers.chooser.lanDescription',
};

/** The add-printer chooser (spec part 1 §2): three kinds of device, each with the workspace. */
export function AddPrinterChooser({ groupId, onClose }: { groupId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const info = useAgentInstallInfo();
  const choices = info.data?.lan_mode ? [...CHOICES, LAN_CHOICE] : CHOICES;
  return (
    <Modal opened onClose={onClose} title={t('printers.chooser.title')}>
      <Stack gap="sm">
        {choices.map(({ id, screen, icon: ChoiceIcon, title, description }) => (
          <UnstyledButton
            key={id}
            component={Link}
            to={`${getScreenPath(screen, { groupId }) ?? '#'}${id === 'octoprint' || id === 'lan' ? '' : `?kind=${id}`}`}
            className={classes.choice}
            onClick={onClose}
          >
            <Group wrap="nowrap" gap="md">
              <ThemeIcon size={40} variant="light" radius="md">
                <ChoiceIcon size={22} />
              </ThemeIcon>
              <Stack gap={2} style={{ flex: 1 }}>
                <Text fw={600}>{t(title)}</Text>
                <Text size="sm" c="dimmed">
                  {t(description)}
                </Text>
              </Stack>
              <IconChevronRight size={18} aria-hidden />
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </Modal>
  );
}
