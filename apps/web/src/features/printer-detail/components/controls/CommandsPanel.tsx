import { Button, Group, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrinterCommands } from '../../../../shared/printers/hooks/use-printer-commands';
import { splitCommands } from '../../model/control-input';
import type { PrinterView } from '../../../../shared/printers/model/printer-view';
import { ConsoleHistory } from '../console/ConsoleHistory';
import { ConsoleRefusal } from '../console/ConsoleRefusal';
import { useConsoleSend } from '../klipper/use-console-send';
import { ControlPanel } from './ControlPanel';

/**
 * G-code commands, one per line; empty lines are dropped and nothing empty is sent. An
 * OctoPrint printer shows its terminal above them (Klipper has its console tab), and a refused
 * command is told there in the printer's words.
 */
export function CommandsPanel({ view }: { view: PrinterView }) {
  const { t } = useTranslation();
  const hasTerminal =
    view.printer.device_type === 'octoprint' || view.printer.device_type === 'pill';
  const commands = usePrinterCommands();
  const terminal = useConsoleSend(view.printer.id);
  const [text, setText] = useState('');
  const [isSending, setSending] = useState(false);
  const lines = splitCommands(text);
  const send = async () => {
    if (lines.length === 0) return;
    const sent = text;
    setSending(true);
    const isSent = hasTerminal
      ? await terminal.send(lines)
      : await commands.control(view, 'send_command', { commands: lines });
    setSending(false);
    // what was typed meanwhile stays
    if (isSent) setText((current) => (current === sent ? '' : current));
  };
  return (
    <ControlPanel title={t('printers.controls.commands')}>
      {hasTerminal && (
        <ConsoleHistory
          printerId={view.printer.id}
          isOnline={view.isOnline}
          unavailable={t('printers.console.unavailable')}
          height={220}
        />
      )}
      <Textarea
        label={t('printers.controls.commandsLabel')}
        description={t('printers.controls.commandsHint')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        autosize
        minRows={3}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Group justify="flex-end">
        <Button
          disabled={lines.length === 0 || !view.isPaired || (hasTerminal && terminal.isLocked)}
          loading={isSending}
          onClick={() => void send()}
        >
          {t('printers.controls.send')}
        </Button>
      </Group>
      {hasTerminal && <ConsoleRefusal refusal={terminal.refusal} />}
    </ControlPanel>
  );
}
