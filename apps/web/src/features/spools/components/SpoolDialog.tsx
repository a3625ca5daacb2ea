import {
  Button,
  ColorInput,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { SPOOL_LIMITS, SPOOL_MATERIALS, type Spool, type SpoolMaterial } from '@printdeck/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { FormMessage } from '../../../components/FormMessage';
import { useCreateSpools } from '../api/create-spools';
import { useUpdateSpool } from '../api/update-spool';
import {
  DIAMETER_CHOICES,
  getSpoolFormValues,
  toSpoolBody,
  type SpoolFormValues,
} from '../model/spool-form';

interface SpoolDialogProps {
  workspaceId: number;
  /** the spool to edit; without it new spools are added (N identical at once) */
  spool?: Spool;
  onClose: () => void;
}

const NUMBER_FIELDS = [
  'initial_weight_g',
  'remaining_weight_g',
  'low_threshold_g',
  'cost_per_kg',
] as const;

/** Adds spools (a quantity of identical ones) or edits one; the server's field errors show in place. */
export function SpoolDialog({ workspaceId, spool, onClose }: SpoolDialogProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<SpoolFormValues>(() => getSpoolFormValues(spool));
  const create = useCreateSpools(workspaceId);
  const update = useUpdateSpool(workspaceId);
  const mutation = spool ? update : create;
  const error = isApiError(mutation.error) ? mutation.error : null;
  const set = (field: keyof SpoolFormValues) => (value: string | number | null) =>
    setValues((current) => ({ ...current, [field]: value === null ? '' : String(value) }));
  const fieldError = (field: string) => error?.getFieldErrors(field).join(' ') || undefined;
  const knownFields = [...Object.keys(values), 'diameter_mm'];
  const otherError =
    error && knownFields.every((field) => !fieldError(field)) ? error.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = toSpoolBody(values, !spool);
    if (spool) update.mutate({ spoolId: spool.id, body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={spool ? t('spools.dialog.editTitle') : t('spools.dialog.createTitle')}
    >
      <form onSubmit={submit} noValidate data-testid="spool-dialog">
        <Stack gap="sm">
          {otherError && <FormMessage>{otherError}</FormMessage>}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('spools.fields.material')}
              data={SPOOL_MATERIALS.map((m) => ({ value: m, label: t(`spools.materials.${m}`) }))}
              value={values.material}
              onChange={(value) =>
                value && setValues((v) => ({ ...v, material: value as SpoolMaterial }))
              }
              allowDeselect={false}
              error={fieldError('material')}
              required
            />
            <TextInput
              label={t('spools.fields.brand')}
              value={values.brand}
              onChange={(e) => set('brand')(e.currentTarget.value)}
              maxLength={SPOOL_LIMITS.textMax}
              error={fieldError('brand')}
            />
            <ColorInput
              label={t('spools.fields.colorHex')}
              value={values.color_hex}
              onChange={set('color_hex')}
              format="hex"
              error={fieldError('color_hex')}
              required
            />
            <TextInput
              label={t('spools.fields.colorName')}
              value={values.color_name}
              onChange={(e) => set('color_name')(e.currentTarget.value)}
              maxLength={SPOOL_LIMITS.textMax}
              error={fieldError('color_name')}
            />
            <Select
              label={t('spools.fields.diameter')}
              data={DIAMETER_CHOICES}
              value={values.diameter_mm}
              onChange={set('diameter_mm')}
              allowDeselect={false}
              error={fieldError('diameter_mm')}
            />
            {NUMBER_FIELDS.map((field) => (
              <NumberInput
                key={field}
                label={t(`spools.fields.${field}`)}
                value={values[field]}
                onChange={set(field)}
                min={0}
                decimalScale={2}
                error={fieldError(field)}
                required={field === 'initial_weight_g'}
                placeholder={
                  field === 'remaining_weight_g' && !spool
                    ? t('spools.dialog.remainingPlaceholder')
                    : undefined
                }
              />
            ))}
            <TextInput
              label={t('spools.fields.location')}
              value={values.location}
              onChange={(e) => set('location')(e.currentTarget.value)}
              maxLength={SPOOL_LIMITS.textMax}
              error={fieldError('location')}
            />
            {!spool && (
              <NumberInput
                label={t('spools.fields.quantity')}
                description={t('spools.dialog.quantityHint')}
                value={values.quantity}
                onChange={set('quantity')}
                min={1}
                max={SPOOL_LIMITS.bulkMax}
                allowDecimal={false}
                error={fieldError('quantity')}
              />
            )}
          </SimpleGrid>
          <Textarea
            label={t('spools.fields.notes')}
            value={values.notes}
            onChange={(e) => set('notes')(e.currentTarget.value)}
            maxLength={SPOOL_LIMITS.notesMax}
            autosize
            minRows={2}
            error={fieldError('notes')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {spool ? t('spools.dialog.save') : t('spools.dialog.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
