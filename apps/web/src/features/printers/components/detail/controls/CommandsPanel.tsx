import { Button, Group, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrinterCommands } from '../../../hooks/use-printer-commands';
import { splitCommands } from '../../../model/control-input';
import type { PrinterView } from '../../../model/printer-view';
import { ControlPanel } from './ControlPanel';

/** G-code commands, one per line; empty lines are dropped and nothing empty is sent. */
export function CommandsPanel({ view }: { view: PrinterView }) {
  const { t } = useTranslation();
  const commands = usePrinterCommands();
  const [text, setText] = useState('');
  const [isSending, setSending] = useState(false);
  const lines = splitCommands(text);
  const send = async () => {
    if (lines.length === 0) return;
    setSending(true);
    const isSent = await commands.control(view, 'send_command', { commands: lines });
    setSending(false);
    if (isSent) setText('');
  };
  return (
    <ControlPanel title={t('printers.controls.commands')}>
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
          disabled={lines.length === 0 || !view.isPaired}
          loading={isSending}
          onClick={() => void send()}
        >
          {t('printers.controls.send')}
        </Button>
      </Group>
    </ControlPanel>
  );
}
