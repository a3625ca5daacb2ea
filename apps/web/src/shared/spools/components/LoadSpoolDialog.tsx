import { Button, Group, Modal, NumberInput, Select, Stack } from '@mantine/core';
import { PRINTER_TOOLS_MAX, type Spool } from '@printdeck/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { FormMessage } from '../../../components/FormMessage';
import { useSpools } from '../api/get-spools';
import { useLoadSpool } from '../api/printer-spools';

interface LoadSpoolDialogProps {
  workspaceId: number;
  printerId: number;
  printerName: string;
  /** the tool to load, 0 first; the person may choose another */
  tool: number;
  onClose: () => void;
}

const ACTIVE = { search: '', material: null, archived: 'active', isLowOnly: false } as const;

/** Loads (or swaps in) a spool of the inventory on one of the printer's tools. */
export function LoadSpoolDialog(props: LoadSpoolDialogProps) {
  const { t } = useTranslation();
  const spools = useSpools(props.workspaceId, ACTIVE);
  const load = useLoadSpool(props.workspaceId);
  const [spoolId, setSpoolId] = useState<string | null>(null);
  const [tool, setTool] = useState<number>(props.tool + 1);
  const error = isApiError(load.error) ? load.error : null;
  const describe = (spool: Spool) => {
    const name = [t(`spools.materials.${spool.material}`), spool.color_name, spool.brand]
      .filter(Boolean)
      .join(' · ');
    const place = spool.loaded_on
      ? ` — ${t('spools.loadedOn', { printer: spool.loaded_on.printer_name, tool: spool.loaded_on.tool + 1 })}`
      : '';
    return `#${spool.id} ${name} (${Math.round(spool.remaining_weight_g)} g)${place}`;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!spoolId) return;
    load.mutate(
      { printerId: props.printerId, tool: tool - 1, spoolId: Number(spoolId) },
      { onSuccess: props.onClose },
    );
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('spools.load.title', { printer: props.printerName })}
    >
      <form onSubmit={submit} noValidate data-testid="load-spool-dialog">
        <Stack gap="sm">
          {error && (
            <FormMessage>{error.getFieldErrors('spool_id')[0] ?? error.message}</FormMessage>
          )}
          <Select
            label={t('spools.load.spool')}
            placeholder={t('spools.load.choose')}
            data={(spools.data?.results ?? []).map((spool) => ({
              value: String(spool.id),
              label: describe(spool),
            }))}
            value={spoolId}
            onChange={setSpoolId}
            searchable
            nothingFoundMessage={t('spools.load.none')}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <NumberInput
            label={t('spools.load.tool')}
            value={tool}
            onChange={(value) => setTool(Number(value) || 1)}
            min={1}
            max={PRINTER_TOOLS_MAX}
            allowDecimal={false}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!spoolId} loading={load.isPending}>
              {t('spools.load.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
