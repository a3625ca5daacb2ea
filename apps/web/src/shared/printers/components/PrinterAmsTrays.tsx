import { Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../lib/number-locale';
import { toAmsTrayViews, type AmsTrayView } from '../model/ams-trays';
import type { PrinterView } from '../model/printer-view';
import classes from './printer-ams-trays.module.css';

/**
 * The Bambu Lab AMS trays and the external spool, read-only (issue 25): a swatch of each
 * colour with its material and the percent left, the tray feeding the nozzle marked.
 * Nothing for a printer without an AMS.
 */
export function PrinterAmsTrays({ view }: { view: PrinterView }) {
  const { t } = useTranslation();
  const trays = toAmsTrayViews(view.device?.ams);
  if (trays.length === 0) return null;

  const remainingText = (tray: AmsTrayView) =>
    tray.remainingPercent === null
      ? '–'
      : t('printers.ams.percent', { percent: formatDecimal(tray.remainingPercent, 0) });
  const labelOf = (tray: AmsTrayView) => {
    const name = tray.isExternal
      ? t('printers.ams.external')
      : t('printers.ams.tray', { name: tray.name ?? String(tray.id) });
    const content = tray.material
      ? t(tray.remainingPercent === null ? 'printers.ams.loadedUnknown' : 'printers.ams.loaded', {
          material: tray.material,
          remaining: remainingText(tray),
        })
      : t('printers.ams.empty');
    return [name, content, tray.isActive ? t('printers.ams.active') : null]
      .filter(Boolean)
      .join(', ');
  };

  return (
    <ul className={classes.trays} aria-label={t('printers.ams.title')} data-testid="ams-trays">
      {trays.map((tray) => {
        const label = labelOf(tray);
        return (
          <Tooltip key={tray.id} label={label} withinPortal>
            <li
              className={classes.tray}
              aria-label={label}
              aria-current={tray.isActive || undefined}
              data-active={tray.isActive || undefined}
              data-empty={tray.material === null || undefined}
              data-testid={`ams-tray-${tray.id}`}
            >
              <span
                className={classes.swatch}
                style={tray.color ? { backgroundColor: tray.color } : undefined}
                aria-hidden
              />
              <Text size="xs" fw={500} className={classes.text} aria-hidden>
                {tray.material ?? t('printers.ams.emptyShort')}
              </Text>
              <Text size="xs" c="dimmed" className={classes.text} aria-hidden>
                {tray.material ? remainingText(tray) : '\u00a0'}
              </Text>
            </li>
          </Tooltip>
        );
      })}
    </ul>
  );
}
