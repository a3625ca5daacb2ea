import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { DiscoveredBambu } from '@printdeck/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscoveredPrinters } from '../api/discovered-printers';

/**
 * "Find printers on my network" (issue 25): the Bambu Lab printers the server heard announcing
 * themselves; choosing one fills its address and serial, so only the access code is typed.
 */
export function BambuDiscoveryPanel(props: {
  workspaceId: number | null;
  onChoose: (printer: DiscoveredBambu) => void;
}) {
  const { t } = useTranslation();
  const [isAsked, setAsked] = useState(false);
  const found = useDiscoveredPrinters(props.workspaceId, isAsked);
  const look = () => (isAsked ? void found.refetch() : setAsked(true));
  return (
    <Stack gap="xs" data-testid="bambu-discovery">
      <Group>
        <Button variant="light" onClick={look} loading={found.isFetching}>
          {t('printers.discovery.find')}
        </Button>
      </Group>
      {found.isError && <Alert color="red">{t('printers.discovery.failed')}</Alert>}
      {found.data && !found.data.is_listening && (
        <Alert color="yellow">{t('printers.discovery.off')}</Alert>
      )}
      {found.data?.is_listening && found.data.printers.length === 0 && (
        <Text size="sm">{t('printers.discovery.none')}</Text>
      )}
      {found.data?.printers.map((printer) => (
        <Group key={printer.serial} justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {printer.name ?? printer.serial}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {[printer.model ?? printer.model_id, printer.serial, printer.address]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant="default"
            onClick={() => props.onChoose(printer)}
            aria-label={t('printers.discovery.useNamed', { name: printer.name ?? printer.serial })}
          >
            {t('printers.discovery.use')}
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
