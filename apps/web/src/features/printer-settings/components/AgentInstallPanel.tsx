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
import { IconAlertTriangle, IconCheck, IconCircleCheck, IconCopy } from '@tabler/icons-react';
import {
  AGENT_LOCAL_PRINTER_URLS,
  buildAgentInstallCommand,
  isLoopbackUrl,
  type AgentInstallKind,
} from '@printdeck/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgentInstallInfo } from '../../../shared/printers/api/get-agent-install';
import { useDeviceStates } from '../../../shared/printers/api/get-device-states';

interface AgentInstallPanelProps {
  workspaceId: number;
  printerId: number;
  deviceKey: string;
  kind: AgentInstallKind;
  onDone: () => void;
  /** how long to wait for the agent before saying what to check (tests pass less) */
  notConnectedAfterMs?: number;
}

/** An agent that has not dialled in a minute after the page showed its command is stuck. */
const NOT_CONNECTED_AFTER_MS = 60_000;

/** True once `ms` have passed since the component mounted. */
function useHasWaited(ms: number): boolean {
  const [hasWaited, setHasWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setHasWaited(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return hasWaited;
}

/**
 * After a printer is added (issue 17): the one line that installs the agent on the printer's
 * computer, with a copy button, then "waiting for the agent…" until the device connects. The
 * address the agent dials is shown and can be changed (issue 24): a loopback address gets a
 * warning, and an agent silent for a minute gets a hint on what to check.
 */
export function AgentInstallPanel({
  workspaceId,
  printerId,
  deviceKey,
  kind,
  onDone,
  notConnectedAfterMs = NOT_CONNECTED_AFTER_MS,
}: AgentInstallPanelProps) {
  const { t } = useTranslation();
  const info = useAgentInstallInfo();
  const states = useDeviceStates(workspaceId);
  const [printerUrl, setPrinterUrl] = useState(AGENT_LOCAL_PRINTER_URLS[kind]);
  const [bambuSerial, setBambuSerial] = useState('');
  const [serverUrlEdit, setServerUrlEdit] = useState<string | null>(null);
  const hasWaited = useHasWaited(notConnectedAfterMs);
  const isConnected =
    states.data?.find((row) => row.printer_id === printerId)?.is_connected ?? false;
  const serverUrl = (serverUrlEdit ?? info.data?.server_url ?? '').trim();
  const command = info.data
    ? buildAgentInstallCommand({
        serverUrl: serverUrl || info.data.server_url,
        deviceKey,
        kind,
        printerUrl: printerUrl.trim() || AGENT_LOCAL_PRINTER_URLS[kind],
        bambuSerial: bambuSerial.trim().toUpperCase(),
      })
    : null;

  return (
    <Stack gap="md" data-testid="agent-install">
      <Text fw={600}>{t('printers.install.title')}</Text>
      <Text size="sm">{t(`printers.install.intro.${kind}`)}</Text>
      {info.data && !info.data.is_available && (
        <Alert color="yellow">{t('printers.install.notBuilt')}</Alert>
      )}
      {info.data && (
        <TextInput
          label={t('printers.install.serverUrl')}
          description={t(`printers.install.serverUrlHint.${info.data.server_url_source}`)}
          value={serverUrlEdit ?? info.data.server_url}
          onChange={(event) => setServerUrlEdit(event.currentTarget.value)}
          autoComplete="off"
        />
      )}
      {isLoopbackUrl(serverUrl) && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="agent-loopback">
          {t('printers.install.loopback', { address: serverUrl })}
        </Alert>
      )}
      <TextInput
        label={t(`printers.install.printerUrl.${kind}`)}
        // a PrusaLink or Bambu printer runs no agent: its address is never this computer's
        description={
          kind === 'prusalink' || kind === 'bambu'
            ? undefined
            : t('printers.install.printerUrlHint')
        }
        value={printerUrl}
        onChange={(event) => setPrinterUrl(event.currentTarget.value)}
        autoComplete="off"
      />
      {kind === 'bambu' && (
        <TextInput
          label={t('printers.install.bambuSerial')}
          value={bambuSerial}
          onChange={(event) => setBambuSerial(event.currentTarget.value)}
          autoComplete="off"
          data-testid="bambu-serial"
        />
      )}
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
      {!isConnected && hasWaited && (
        <Alert color="yellow" data-testid="agent-not-connected">
          {t('printers.install.notConnected', { address: serverUrl })}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={onDone} variant={isConnected ? 'filled' : 'default'}>
          {t('printers.install.done')}
        </Button>
      </Group>
    </Stack>
  );
}
