import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { MAINTENANCE_TEMPLATES, type MaintenanceTask } from '@printdeck/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { FormMessage } from '../../../components/FormMessage';
import { useChangeMaintenanceTask } from '../api/change-maintenance-task';
import {
  getMaintenanceFormValues,
  toMaintenanceBody,
  type MaintenanceFormValues,
} from '../model/maintenance-form';

interface MaintenanceTaskDialogProps {
  printerId: number;
  /** the task to edit; without it a new one is added (a template fills the form) */
  task?: MaintenanceTask;
  onClose: () => void;
}

const INTERVAL_FIELDS = ['interval_hours', 'interval_prints', 'interval_days'] as const;

/** Adds or edits a maintenance task; the server's field errors show beside their field. */
export function MaintenanceTaskDialog({ printerId, task, onClose }: MaintenanceTaskDialogProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<MaintenanceFormValues>(() => getMaintenanceFormValues(task));
  const change = useChangeMaintenanceTask(printerId);
  const error = isApiError(change.error) ? change.error : null;
  const fieldError = (field: string) => error?.getFieldErrors(field).join(' ') || undefined;
  const otherError =
    error && ['name', ...INTERVAL_FIELDS].every((field) => !fieldError(field))
      ? error.message
      : null;

  const applyTemplate = (key: string | null) => {
    const template = MAINTENANCE_TEMPLATES.find((entry) => entry.key === key);
    if (!template) return;
    setValues({
      name: t(`maintenance.templates.${template.key}`),
      interval_hours: template.interval_hours === null ? '' : String(template.interval_hours),
      interval_prints: template.interval_prints === null ? '' : String(template.interval_prints),
      interval_days: template.interval_days === null ? '' : String(template.interval_days),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = toMaintenanceBody(values);
    if (task) change.mutate({ kind: 'update', taskId: task.id, body }, { onSuccess: onClose });
    else change.mutate({ kind: 'create', body }, { onSuccess: onClose });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={task ? t('maintenance.dialog.editTitle') : t('maintenance.dialog.createTitle')}
    >
      <form onSubmit={submit} noValidate data-testid="maintenance-dialog">
        <Stack gap="sm">
          {otherError && <FormMessage>{otherError}</FormMessage>}
          {!task && (
            <Select
              label={t('maintenance.dialog.template')}
              placeholder={t('maintenance.dialog.templateNone')}
              data={MAINTENANCE_TEMPLATES.map((entry) => ({
                value: entry.key,
                label: t(`maintenance.templates.${entry.key}`),
              }))}
              onChange={applyTemplate}
              clearable
              data-testid="maintenance-template"
            />
          )}
          <TextInput
            label={t('maintenance.fields.name')}
            value={values.name}
            onChange={(event) => setValues((v) => ({ ...v, name: event.currentTarget.value }))}
            error={fieldError('name')}
            required
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            {INTERVAL_FIELDS.map((field) => (
              <TextInput
                key={field}
                label={t(`maintenance.fields.${field}`)}
                inputMode="decimal"
                value={values[field]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((v) => ({ ...v, [field]: value }));
                }}
                error={fieldError(field)}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('maintenance.dialog.cancel')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('maintenance.dialog.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
