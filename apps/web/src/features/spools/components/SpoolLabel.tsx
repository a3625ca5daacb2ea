import { ColorSwatch, Group, Stack, Text } from '@mantine/core';
import type { Spool } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { getSpoolAddress } from '../model/spool-address';
import { SpoolQrCode } from './SpoolQrCode';
import classes from './spool-label.module.css';

/**
 * A label to stick on the spool: a QR code that opens the spool's page, and what a person
 * reads without scanning (number, material, colour, brand, diameter, weight).
 */
export function SpoolLabel({ workspaceId, spool }: { workspaceId: number; spool: Spool }) {
  const { t } = useTranslation();
  const address = getSpoolAddress(window.location.origin, workspaceId, spool.id);
  return (
    <div className={classes.label} data-testid="spool-label">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <SpoolQrCode address={address} size={96} alt={t('spools.label.qrAlt')} />
        <Stack gap={2}>
          <Text fw={700} size="lg">
            #{spool.id}
          </Text>
          <Group gap={4} wrap="nowrap">
            <ColorSwatch color={spool.color_hex} size={12} />
            <Text size="sm" fw={600}>
              {[t(`spools.materials.${spool.material}`), spool.color_name]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Group>
          <Text size="xs">{spool.brand}</Text>
          <Text size="xs">
            {t('spools.label.specs', {
              diameter: spool.diameter_mm,
              weight: Math.round(spool.initial_weight_g),
            })}
          </Text>
        </Stack>
      </Group>
    </div>
  );
}
