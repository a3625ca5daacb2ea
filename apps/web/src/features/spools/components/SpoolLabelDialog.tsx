import { Button, ColorSwatch, Group, Modal, Stack, Text } from '@mantine/core';
import type { Spool } from '@printdeck/shared';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { getSpoolAddress } from '../model/spool-address';
import { SpoolQrCode } from './SpoolQrCode';
import classes from './spool-label.module.css';

/**
 * A label to stick on the spool: a QR code that opens the spool's page, and what a person
 * reads without scanning (number, material, colour, brand, diameter, weight).
 */
export function SpoolLabelDialog(props: {
  workspaceId: number;
  spool: Spool;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { spool } = props;
  const address = getSpoolAddress(window.location.origin, props.workspaceId, spool.id);
  return (
    <Modal opened onClose={props.onClose} title={t('spools.label.title')}>
      <Stack>
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
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('common.close')}
          </Button>
          <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            {t('spools.label.print')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
