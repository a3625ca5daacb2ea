import { TextInput } from '@mantine/core';
import type { LanPrinterKind } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';

const URL_LABELS = {
  octoprint: 'printers.lan.octoprintUrl',
  moonraker: 'printers.lan.moonrakerUrl',
  bambu: 'printers.lan.bambuUrl',
  prusalink: 'printers.lan.prusalinkUrl',
} as const satisfies Record<LanPrinterKind, string>;
const URL_EXAMPLES: Record<LanPrinterKind, string> = {
  octoprint: 'http://192.168.1.20',
  moonraker: 'http://192.168.1.21:7125',
  bambu: '192.168.1.40',
  prusalink: 'http://192.168.1.30',
};

/** A LAN printer's address as its kind takes it: a Bambu's IP, the others' http(s) address. */
export function LanAddressField(props: {
  kind: LanPrinterKind;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const { kind } = props;
  return (
    <TextInput
      label={t(URL_LABELS[kind])}
      description={t(kind === 'bambu' ? 'printers.lan.bambuUrlHint' : 'printers.lan.urlHint')}
      placeholder={URL_EXAMPLES[kind]}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      error={props.error}
      autoComplete="off"
      required
    />
  );
}
