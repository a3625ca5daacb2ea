import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCircleCheck, IconCopy } from '@tabler/icons-react';
import {
  AGENT_LOCAL_PRINTER_URLS,
  buildAgentInstallCommand,
  type AgentInstallKind,
} from '@printdeck/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgentInstallInfo } from '../api/get-agent-install';
import { useDeviceStates } from '../api/get-device-states';

interface AgentInstallPanelProps {
  workspaceId: number;
  printerId: number;
  deviceKey: string;
  kind: AgentInstallKind;
  onDone: () => void;
}

/**
 * After a printer is added (issue 17): the one line that installs the agent on the printer's
 * computer, with a copy button, then "waiting for the agent…" until the device connects.
 */
export function AgentInstallPanel({
  workspaceId,
  printerId,
  deviceKey,
  kind,
  onDone,
}: AgentInstallPanelProps) {
  const { t } = useTranslation();
  const info = useAgentInstallInfo();
  const states = useDeviceStates(workspaceId);
  const [printerUrl, setPrinterUrl] = useState(AGENT_LOCAL_PRINTER_URLS[kind]);
  const isConnected =
    states.data?.find((row) => row.printer_id === printerId)?.is_connected ?? false;
  const command = info.data
    ? buildAgentInstallCommand({
        serverUrl: info.data.server_url,
        deviceKey,
        kind,
        printerUrl: printerUrl.trim() || AGENT_LOCAL_PRINTER_URLS[kind],
      })
    : null;

  return (
    <Stack gap="md" data-testid="agent-install">
      <Text fw={600}>{t('printers.install.title')}</Text>
      <Text size="sm">{t(`printers.install.intro.${kind}`)}</Text>
      {info.data && !info.data.is_available && (
        <Alert color="yellow">{t('printers.install.notBuilt')}</Alert>
      )}
      <TextInput
        label={t(`printers.install.printerUrl.${kind}`)}
        description={t('printers.install.printerUrlHint')}
        value={printerUrl}
        onChange={(event) => setPrinterUrl(event.currentTarget.value)}
        autoComplete="off"
      />
      {command ? (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <Code
            block
            data-testid="agent-install-command"
            style={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          >
            {command}
          </Code>
          <CopyButton value={command}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('printers.install.copied') : t('printers.install.copy')}>
                <ActionIcon
                  variant="light"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label={t('printers.install.copy')}
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      ) : (
        <Loader size="sm" />
      )}
      <Text size="sm" c="dimmed">
        {t('printers.install.keyOnce')}
      </Text>
      <Group gap="xs" data-testid="agent-install-status" aria-live="polite">
        {isConnected ? (
          <>
            <IconCircleCheck size={20} color="var(--mantine-color-teal-6)" aria-hidden />
            <Text c="teal">{t('printers.install.connected')}</Text>
          </>
        ) : (
          <>
            <Loader size="xs" />
            <Text>{t('printers.install.waiting')}</Text>
          </>
        )}
      </Group>
      <Group justify="flex-end">
        <Button onClick={onDone} variant={isConnected ? 'filled' : 'default'}>
          {t('printers.install.done')}
        </Button>
      </Group>
    </Stack>
  );
}
