import {
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { EnergyMeterKind, EnergyMeterReader, PrinterEnergyMeter } from '@printdeck/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error';
import { useAgentInstallInfo } from '../../../shared/printers/api/get-agent-install';
import { useHasPermission } from '../../../shared/workspaces/hooks/use-permission';
import { useDeleteEnergyMeter, useEnergyMeter, useSetEnergyMeter } from '../api/energy-meter';
import { EnergyMeterReading } from './EnergyMeterReading';
import { useLanFieldErrors } from './use-lan-field-errors';

const METER_FIELDS = ['kind', 'url', 'channel', 'read_by'] as const;

/**
 * The smart plug that meters a printer (issue 26): a Tasmota or Shelly plug on the printers'
 * network, read by the printer's agent (a LAN mode printer's agent is the server's own), saved
 * only when it answers; its reading now, and removing it. Only for those who may change
 * printers (the server asks CHANGE_GROUP to set or remove it).
 */
export function EnergyMeterSection({ printerId }: { printerId: number }) {
  const canChange = useHasPermission('CHANGE_GROUP');
  const meter = useEnergyMeter(printerId);
  const info = useAgentInstallInfo();
  if (!canChange || !meter.data || !info.data) return null;
  return (
    <EnergyMeterForm printerId={printerId} current={meter.data} lanMode={info.data.lan_mode} />
  );
}

/** The server's 409 when the printer's agent, which reads the plug, is not connected. */
const isAgentOffline = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.details?.reason === 'agent-offline';

/**
 * Who reads the plug: without LAN mode only the printer's agent can; with it the server may
 * too, and a new plug is proposed to the server as before (the printer's own agent is one click).
 */
function EnergyMeterForm({
  printerId,
  current,
  lanMode,
}: {
  printerId: number;
  current: PrinterEnergyMeter;
  lanMode: boolean;
}) {
  const { t } = useTranslation();
  const save = useSetEnergyMeter();
  const remove = useDeleteEnergyMeter();
  const [kind, setKind] = useState<EnergyMeterKind>(current.meter?.kind ?? 'tasmota');
  const [url, setUrl] = useState(current.meter?.url ?? '');
  const [channel, setChannel] = useState<number | string>(current.meter?.channel ?? 0);
  const [readBy, setReadBy] = useState<EnergyMeterReader>(
    current.meter?.read_by ?? (lanMode ? 'server' : 'agent'),
  );
  const fieldErrors = useLanFieldErrors(
    url.trim() === '' ? { url: 'printers.energyMeter.urlEmpty' } : {},
    METER_FIELDS,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fieldErrors.begin()) return;
    const body = {
      kind,
      url: url.trim(),
      channel: kind === 'shelly' ? Number(channel) : 0,
      read_by: lanMode ? readBy : ('agent' as const),
    };
    save.mutate(
      { printerId, body },
      {
        onSuccess: () => {
          fieldErrors.settle();
          notifications.show({ color: 'teal', message: t('printers.energyMeter.saved') });
        },
        onError: (error) => {
          if (!isAgentOffline(error)) return fieldErrors.fail(error);
          notifications.show({ color: 'red', message: t('printers.energyMeter.agentOffline') });
        },
      },
    );
  };
  const removeMeter = () =>
    remove.mutate(printerId, {
      onSuccess: () => {
        setUrl('');
        setChannel(0);
        notifications.show({ color: 'teal', message: t('printers.energyMeter.removed') });
      },
    });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="energy-meter-title">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} size="h4" id="energy-meter-title">
            {t('printers.energyMeter.title')}
          </Title>
          <Text size="sm">{t('printers.energyMeter.intro')}</Text>
        </Stack>
        <EnergyMeterReading current={current} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="energy-meter-kind">
            {t('printers.energyMeter.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby="energy-meter-kind"
            value={kind}
            onChange={(value) => setKind(value as EnergyMeterKind)}
            data={[
              { value: 'tasmota', label: t('printers.energyMeter.tasmota') },
              { value: 'shelly', label: t('printers.energyMeter.shelly') },
            ]}
          />
          {fieldErrors.shown('kind') && (
            <Text size="xs" c="red">
              {fieldErrors.shown('kind')}
            </Text>
          )}
        </Stack>
        {lanMode && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="energy-meter-read-by">
              {t('printers.energyMeter.readBy')}
            </Text>
            <SegmentedControl
              aria-labelledby="energy-meter-read-by"
              value={readBy}
              onChange={(value) => setReadBy(value as EnergyMeterReader)}
              data={[
                { value: 'agent', label: t('printers.energyMeter.readByAgentChoice') },
                { value: 'server', label: t('printers.energyMeter.readByServerChoice') },
              ]}
            />
            {fieldErrors.shown('read_by') && (
              <Text size="xs" c="red">
                {fieldErrors.shown('read_by')}
              </Text>
            )}
          </Stack>
        )}
        <TextInput
          label={t('printers.energyMeter.url')}
          description={t('printers.energyMeter.urlHint')}
          placeholder="http://192.168.1.40"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={fieldErrors.shown('url')}
          maxLength={500}
          autoComplete="off"
          required
        />
        {kind === 'shelly' && (
          <NumberInput
            label={t('printers.energyMeter.channel')}
            description={t('printers.energyMeter.channelHint')}
            value={channel}
            onChange={setChannel}
            error={fieldErrors.shown('channel')}
            min={0}
            max={15}
            allowDecimal={false}
            allowNegative={false}
          />
        )}
        <Group justify="flex-end">
          {current.meter && (
            <Button color="red" variant="subtle" loading={remove.isPending} onClick={removeMeter}>
              {t('printers.energyMeter.remove')}
            </Button>
          )}
          <Button type="submit" variant="light" loading={save.isPending}>
            {t('printers.energyMeter.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
