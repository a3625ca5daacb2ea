import {
  Alert,
  Button,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useKlipperGcodeStore } from '../../../api/get-klipper-gcode-store';
import { getConsoleCommands } from '../../../model/control-input';
import type { PrinterView } from '../../../model/printer-view';
import { useConsoleSend } from './use-console-send';
import { formatTime } from '../../../../../lib/format-date';

/** The console's times are Unix seconds. */
const formatConsoleTime = (seconds: number) => formatTime(seconds * 1000);

/** The terminal history, polled every second while shown, and a command line. */
export function KlipperConsole({ view }: { view: PrinterView }) {
  const { t } = useTranslation();
  const history = useKlipperGcodeStore(view.printer.id, view.isOnline);
  const { send, refusal, isLocked } = useConsoleSend(view.printer.id);
  const [text, setText] = useState('');
  const viewport = useRef<HTMLDivElement>(null);
  const entries = history.data ?? [];

  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [entries.length]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const commands = getConsoleCommands(text, isLocked);
    if (!commands) return;
    if (await send(commands)) setText('');
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('printers.klipper.console')}
        </Title>
        <ScrollArea
          h={360}
          viewportRef={viewport}
          type="auto"
          bg="dark.8"
          p="xs"
          style={{ borderRadius: 8 }}
        >
          {entries.length === 0 && (
            <Text size="sm" c="dimmed">
              {history.isError ? t('printers.klipper.unavailable') : t('printers.klipper.empty')}
            </Text>
          )}
          <Stack gap={2} data-testid="klipper-console">
            {entries.map((entry, index) => (
              <Text
                key={`${entry.time}-${index}`}
                size="xs"
                ff="monospace"
                c={entry.type === 'command' ? 'cyan.3' : 'gray.3'}
                style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
              >
                <Text span c="dimmed" inherit>
                  {formatConsoleTime(entry.time)}{' '}
                </Text>
                {entry.type === 'command' ? `> ${entry.message}` : entry.message}
              </Text>
            ))}
          </Stack>
        </ScrollArea>
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
        {refusal !== null && (
          <Alert
            color="red"
            title={t('printers.errors.refusedTitle')}
            data-testid="console-refusal"
          >
            {refusal}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
