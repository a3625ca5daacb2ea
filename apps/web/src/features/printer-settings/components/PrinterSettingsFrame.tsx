import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../../components/SettingsSection';
import { SCREEN_PATHS } from '../../../config/screens';

/** A printer settings form in the settings frame, with the way back to the printers settings. */
export function PrinterSettingsFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <SettingsSection
      title={title}
      back={{ to: SCREEN_PATHS.settingsPrinters, label: t('printers.settings.back') }}
    >
      {children}
    </SettingsSection>
  );
}
