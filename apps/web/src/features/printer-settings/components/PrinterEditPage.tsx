import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Printer } from '@printdeck/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { reportError } from '../../../lib/error-modal-store';
import { FormMessage } from '../../../components/FormMessage';
import { PageLoader } from '../../../components/PageLoader';
import { SCREEN_PATHS } from '../../../config/screens';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useDeletePrinter } from '../api/delete-printer';
import { useRoutePrinter } from '../../../shared/printers/hooks/use-route-printer';
import { useUpdatePrinter } from '../../../shared/printers/api/update-printer';
import { EMPTY_PRINTER_FORM, toUpdatePayload, type PrinterFormValues } from '../model/printer-form';
import { EnergyMeterSection } from './EnergyMeterSection';
import { LanConnectionSection } from './LanConnectionSection';
import { PrinterFormFields } from './PrinterFormFields';
import { PrinterSettingsFrame } from './PrinterSettingsFrame';
import { RequireChangeGroup } from './RequireChangeGroup';
import { usePrinterForm } from './use-printer-form';

/** Edit or delete a printer (SettingsPrinterEdit). */
export function PrinterEditPage() {
  const { printer, isMissing } = useRoutePrinter(SCREEN_PATHS.settingsPrinters);

  return (
    <RequireChangeGroup>
      {printer.data && !isMissing ? (
        <PrinterEditForm key={printer.data.id} printer={printer.data} />
      ) : (
        <PageLoader />
      )}
    </RequireChangeGroup>
  );
}

function toFormValues(printer: Printer): PrinterFormValues {
  return {
    ...EMPTY_PRINTER_FORM,
    name: printer.name,
    note: printer.note,
    enabled: printer.enabled,
    filamentType: printer.filament_type ?? '',
    cameraEnabled: printer.camera_enabled,
    cameraRotation: printer.camera_rotation,
    joboxEnabled: printer.jobox_enabled,
    averagePowerW: printer.average_power_w,
  };
}

function PrinterEditForm({ printer }: { printer: Printer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = usePrinterForm('edit', toFormValues(printer));
  const update = useUpdatePrinter();
  const remove = useDeletePrinter(printer.group_id);
  const [isDeleteOpen, setDeleteOpen] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.submit()) return;
    update.mutate(
      { id: printer.id, body: toUpdatePayload(form.values, form.isJoboxAvailable) },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'teal',
            message: t('printers.settings.saved', { name: saved.name }),
          });
          void navigate(SCREEN_PATHS.settingsPrinters);
        },
        onError: (error) => reportError(error),
      },
    );
  };

  const confirmDelete = () =>
    remove.mutate(printer.id, {
      onSuccess: () => {
        setDeleteOpen(false);
        notifications.show({
          color: 'teal',
          message: t('printers.settings.deleted', { name: printer.name }),
        });
        void navigate(SCREEN_PATHS.settingsPrinters, { replace: true });
      },
    });

  return (
    <PrinterSettingsFrame title={t('printers.settings.editTitle', { name: printer.name })}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          {form.errors.workspace && <FormMessage>{t(form.errors.workspace)}</FormMessage>}
          <PrinterFormFields
            mode="edit"
            values={form.values}
            errors={form.errors}
            isJoboxAvailable={form.isJoboxAvailable}
            onChange={form.change}
          />
          <Group justify="space-between">
            <Button color="red" variant="light" onClick={() => setDeleteOpen(true)}>
              {t('printers.settings.delete')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('printers.common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <LanConnectionSection printerId={printer.id} />
      <EnergyMeterSection printerId={printer.id} />
      {isDeleteOpen && (
        <ConfirmDialog
          title={t('printers.settings.deleteTitle')}
          confirmLabel={t('printers.settings.delete')}
          isPending={remove.isPending}
          onClose={() => setDeleteOpen(false)}
          onConfirm={confirmDelete}
        >
          {t('printers.settings.deleteConfirm', { name: printer.name })}
        </ConfirmDialog>
      )}
    </PrinterSettingsFrame>
  );
}
