import { ScrollArea, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useKlipperGcodeStore } from '../../api/get-klipper-gcode-store';
import { formatTime } from '../../../../lib/format-date';

/** The console's times are Unix seconds. */
const formatConsoleTime = (seconds: number) => formatTime(seconds * 1000);

/**
 * The printer's console, polled every second while shown: Klipper's G-code store, or
 * OctoPrint's terminal without its temperature reports. Commands start with `>`.
 */
export function ConsoleHistory({
  printerId,
  isOnline,
  unavailable,
  height = 360,
}: {
  printerId: number;
  isOnline: boolean;
  /** what to say when the printer did not answer for its console */
  unavailable: string;
  height?: number;
}) {
  const { t } = useTranslation();
  const history = useKlipperGcodeStore(printerId, isOnline);
  const viewport = useRef<HTMLDivElement>(null);
  const entries = history.data ?? [];

  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [entries.length]);

  return (
    <ScrollArea
      h={height}
      viewportRef={viewport}
      type="auto"
      bg="dark.8"
      p="xs"
      style={{ borderRadius: 8 }}
      role="log"
      aria-label={t('printers.klipper.console')}
    >
      {entries.length === 0 && (
        <Text size="sm" c="gray.5">
          {history.isError ? unavailable : t('printers.klipper.empty')}
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
            <Text span c="gray.5" inherit>
              {formatConsoleTime(entry.time)}{' '}
            </Text>
            {entry.type === 'command' ? `> ${entry.message}` : entry.message}
          </Text>
        ))}
      </Stack>
    </ScrollArea>
  );
}
