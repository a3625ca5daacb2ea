import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getConsoleCommands } from '../../model/control-input';
import type { PrinterView } from '../../../../shared/printers/model/printer-view';
import { ConsoleHistory } from '../console/ConsoleHistory';
import { ConsoleRefusal } from '../console/ConsoleRefusal';
import { useConsoleSend } from './use-console-send';

/** The terminal history, polled every second while shown, and a command line. */
export function KlipperConsole({ view }: { view: PrinterView }) {
  const { t } = useTranslation();
  const { send, refusal, isLocked } = useConsoleSend(view.printer.id);
  const [text, setText] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const commands = getConsoleCommands(text, isLocked);
    if (!commands) return;
    const sent = text;
    // what was typed meanwhile stays
    if (await send(commands)) setText((current) => (current === sent ? '' : current));
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('printers.klipper.console')}
        </Title>
        <ConsoleHistory
          printerId={view.printer.id}
          isOnline={view.isOnline}
          unavailable={t('printers.klipper.unavailable')}
        />
        <form onSubmit={(event) => void submit(event)}>
          <Group gap="xs" wrap="nowrap">
            <TextInput
              aria-label={t('printers.klipper.command')}
              placeholder={t('printers.klipper.commandPlaceholder')}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              style={{ flex: 1 }}
              ff="monospace"
            />
            <Button type="submit" disabled={isLocked || text.trim() === '' || !view.isOnline}>
              {t('printers.controls.send')}
            </Button>
          </Group>
        </form>
        <ConsoleRefusal refusal={refusal} />
      </Stack>
    </Paper>
  );
}
