import { Alert, Button, Loader, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useKlipperMacros } from '../../api/get-klipper-macros';
import type { PrinterView } from '../../../../shared/printers/model/printer-view';
import { useConsoleSend } from './use-console-send';

/** Klipper's macros, each run by name through the console. */
export function KlipperMacros({ view }: { view: PrinterView }) {
  const { t } = useTranslation();
  const macros = useKlipperMacros(view.printer.id);
  const { send, refusal, isLocked } = useConsoleSend(view.printer.id);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('printers.klipper.macros')}
        </Title>
        {macros.isPending && <Loader size="sm" />}
        {macros.isError && (
          <Text size="sm" c="dimmed">
            {t('printers.klipper.unavailable')}
          </Text>
        )}
        {macros.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('printers.klipper.noMacros')}
          </Text>
        )}
        <ScrollArea.Autosize mah={400}>
          <Stack gap="xs">
            {macros.data?.map((macro) => (
              <Stack key={macro.name} gap={2}>
                <Button
                  variant="light"
                  justify="flex-start"
                  ff="monospace"
                  disabled={isLocked || !view.isOnline}
                  onClick={() => void send([macro.name])}
                >
                  {macro.name}
                </Button>
                {macro.description && (
                  <Text size="xs" c="dimmed" px="xs">
                    {macro.description}
                  </Text>
                )}
              </Stack>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        {refusal !== null && (
          <Alert color="red" title={t('printers.errors.refusedTitle')}>
            {refusal}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
