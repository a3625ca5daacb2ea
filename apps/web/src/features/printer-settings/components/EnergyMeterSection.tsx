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
import type { EnergyMeterKind, PrinterEnergyMeter } from '@printdeck/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgentInstallInfo } from '../../../shared/printers/api/get-agent-install';
import { useHasPermission } from '../../../shared/workspaces/hooks/use-permission';
import { useDeleteEnergyMeter, useEnergyMeter, useSetEnergyMeter } from '../api/energy-meter';
import { EnergyMeterReading } from './EnergyMeterReading';
import { useLanFieldErrors } from './use-lan-field-errors';

const METER_FIELDS = ['kind', 'url', 'channel'] as const;

/**
 * The smart plug that meters a printer (issue 26): a Tasmota or Shelly plug on the printers'
 * network, saved only when it answers; its reading now, and removing it. Only for those who
 * may change printers (the server asks CHANGE_GROUP to set or remove it), where LAN mode is on.
 */
export function EnergyMeterSection({ printerId }: { printerId: number }) {
  const canChange = useHasPermission('CHANGE_GROUP');
  const meter = useEnergyMeter(printerId);
  const info = useAgentInstallInfo();
  // with LAN mode off the server may name no plug: only one saved before is shown, to remove
  if (!canChange || !meter.data || !info.data) return null;
  if (!info.data.lan_mode && !meter.data.meter) return null;
  return <EnergyMeterForm printerId={printerId} current={meter.data} />;
}

function EnergyMeterForm({
  printerId,
  current,
}: {
  printerId: number;
  current: PrinterEnergyMeter;
}) {
  const { t } = useTranslation();
  const save = useSetEnergyMeter();
  const remove = useDeleteEnergyMeter();
  const [kind, setKind] = useState<EnergyMeterKind>(current.meter?.kind ?? 'tasmota');
  const [url, setUrl] = useState(current.meter?.url ?? '');
  const [channel, setChannel] = useState<number | string>(current.meter?.channel ?? 0);
  const fieldErrors = useLanFieldErrors(
    url.trim() === '' ? { url: 'printers.energyMeter.urlEmpty' } : {},
    METER_FIELDS,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fieldErrors.begin()) return;
    const body = { kind, url: url.trim(), channel: kind === 'shelly' ? Number(channel) : 0 };
    save.mutate(
      { printerId, body },
      {
        onSuccess: () => {
          fieldErrors.settle();
          notifications.show({ color: 'teal', message: t('printers.energyMeter.saved') });
        },
        onError: fieldErrors.fail,
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
