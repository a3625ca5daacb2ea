import {
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { AVERAGE_POWER_W_MAX, LIMITS } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { getFilamentTypeLabel } from '../../../lib/filament-type-label';
import {
  CAMERA_ROTATION_CHOICES,
  FILAMENT_TYPES,
  type CameraRotation,
  type PrinterFormErrors,
  type PrinterFormMode,
  type PrinterFormValues,
} from '../model/printer-form';

interface PrinterFormFieldsProps {
  mode: PrinterFormMode;
  values: PrinterFormValues;
  errors: PrinterFormErrors;
  /** the device-key error the server gave */
  tokenError?: string | null;
  isJoboxAvailable: boolean;
  onChange: (patch: Partial<PrinterFormValues>) => void;
}

/** The fields of the printer add and edit forms (spec part 1 §5, part 2 §5). */
export function PrinterFormFields(props: PrinterFormFieldsProps) {
  const { t } = useTranslation();
  const { mode, values, errors, onChange } = props;
  const message = (key: PrinterFormErrors[keyof PrinterFormErrors]) => (key ? t(key) : undefined);
  const rotation = (value: string) => {
    const next = CAMERA_ROTATION_CHOICES.find((choice) => String(choice) === value);
    if (next !== undefined) onChange({ cameraRotation: next satisfies CameraRotation });
  };
  return (
    <Stack gap="md">
      <TextInput
        label={t('printers.form.name')}
        value={values.name}
        onChange={(event) => onChange({ name: event.currentTarget.value })}
        error={message(errors.name)}
        maxLength={100}
        required
      />
      {mode === 'add' && (
        <TextInput
          label={t('printers.form.deviceKey')}
          description={t('printers.form.deviceKeyHint')}
          value={values.token}
          onChange={(event) => onChange({ token: event.currentTarget.value })}
          error={message(errors.token) ?? props.tokenError ?? undefined}
          autoComplete="off"
          required
        />
      )}
      {mode === 'addOctoprint' && (
        <TextInput
          label={t('printers.form.apiKey')}
          description={t('printers.form.apiKeyHint')}
          value={values.apiKey}
          onChange={(event) => onChange({ apiKey: event.currentTarget.value })}
          error={message(errors.apiKey)}
          autoComplete="off"
          required
        />
      )}
      {mode === 'edit' && (
        <>
          <Textarea
            label={t('printers.form.note')}
            value={values.note}
            onChange={(event) => onChange({ note: event.currentTarget.value })}
            error={message(errors.note)}
            autosize
            minRows={2}
            maxRows={8}
            description={
              <Text
                span
                size="xs"
                c={values.note.length > LIMITS.printerNoteMax ? 'red' : 'dimmed'}
              >
                {t('printers.form.noteCounter', {
                  length: values.note.length,
                  max: LIMITS.printerNoteMax,
                })}
              </Text>
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <Switch
            label={t('printers.form.enabled')}
            checked={values.enabled}
            onChange={(event) => onChange({ enabled: event.currentTarget.checked })}
          />
          <Select
            label={t('printers.filament.label')}
            data={[
              { value: '', label: t('printers.filament.none') },
              ...FILAMENT_TYPES.map((type) => ({
                value: type,
                label: getFilamentTypeLabel(type, t),
              })),
            ]}
            value={values.filamentType}
            allowDeselect={false}
            onChange={(value) =>
              onChange({ filamentType: FILAMENT_TYPES.find((type) => type === value) ?? '' })
            }
          />
          <NumberInput
            label={t('printers.form.averagePower')}
            description={t('printers.form.averagePowerHint')}
            suffix=" W"
            min={0}
            max={AVERAGE_POWER_W_MAX}
            value={values.averagePowerW ?? ''}
            onChange={(value) =>
              onChange({ averagePowerW: typeof value === 'number' ? value : null })
            }
            error={message(errors.averagePowerW)}
            data-testid="printer-average-power"
          />
        </>
      )}
      <Switch
        label={t('printers.form.cameraEnabled')}
        checked={values.cameraEnabled}
        onChange={(event) => onChange({ cameraEnabled: event.currentTarget.checked })}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="camera-rotation-label">
          {t('printers.form.cameraRotation')}
        </Text>
        <SegmentedControl
          aria-labelledby="camera-rotation-label"
          value={String(values.cameraRotation)}
          onChange={rotation}
          data={CAMERA_ROTATION_CHOICES.map((choice) => ({
            value: String(choice),
            label: `${choice}°`,
          }))}
        />
      </Stack>
      {props.isJoboxAvailable && (
        <Switch
          label={t('printers.form.jobox')}
          description={t('printers.form.joboxHint')}
          checked={values.joboxEnabled}
          onChange={(event) => onChange({ joboxEnabled: event.currentTarget.checked })}
        />
      )}
    </Stack>
  );
}
