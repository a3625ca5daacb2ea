import { Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { COST_LIMITS } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import type { WorkspaceFormValues } from '../workspace-form';

interface CostFieldsProps {
  values: WorkspaceFormValues;
  onChange: (values: WorkspaceFormValues) => void;
  /** the save's error: a field error shows beside its field */
  error: unknown;
}

const numberOrNull = (value: string | number) => (typeof value === 'number' ? value : null);

/** Cost per print (issue 26): the price of a kWh, a machine-hour rate and the currency. */
export function CostFields({ values, onChange, error }: CostFieldsProps) {
  const { t } = useTranslation();
  const fieldError = (field: string) =>
    (isApiError(error) && error.getFieldErrors(`settings.${field}`).join(' ')) || undefined;
  return (
    <Stack gap={4} data-testid="cost-settings">
      <Text fw={500} size="sm">
        {t('workspaceSettings.cost.title')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('workspaceSettings.cost.hint')}
      </Text>
      <Group grow align="flex-start" wrap="wrap">
        <NumberInput
          label={t('workspaceSettings.cost.energyPrice')}
          min={0}
          max={COST_LIMITS.energyPriceKwhMax}
          decimalScale={4}
          value={values.energyPriceKwh ?? ''}
          onChange={(value) => onChange({ ...values, energyPriceKwh: numberOrNull(value) })}
          error={fieldError('energy_price_kwh')}
          miw={140}
          data-testid="cost-energy-price"
        />
        <NumberInput
          label={t('workspaceSettings.cost.machineRate')}
          min={0}
          max={COST_LIMITS.machineHourRateMax}
          decimalScale={2}
          value={values.machineHourRate ?? ''}
          onChange={(value) => onChange({ ...values, machineHourRate: numberOrNull(value) })}
          error={fieldError('machine_hour_rate')}
          miw={140}
          data-testid="cost-machine-rate"
        />
        <TextInput
          label={t('workspaceSettings.cost.currency')}
          placeholder="EUR"
          maxLength={3}
          value={values.currency}
          onChange={(event) => onChange({ ...values, currency: event.currentTarget.value })}
          error={fieldError('currency')}
          miw={100}
          data-testid="cost-currency"
        />
      </Group>
    </Stack>
  );
}
