import { Button, ColorPicker, Paper, Slider, Stack, Text, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setSpectoda, type SpectodaSetting } from '../api/set-spectoda';
import { usePrinterCommands } from '../../../shared/printers/hooks/use-printer-commands';
import { useLockedToggle, nextFlashlightPercentage } from '../../../shared/camera';
import { toSpectodaColor } from '../model/spectoda-color';
import type { PrinterView } from '../../../shared/printers/model/printer-view';

/** Spectoda lights: the flashlight, brightness (0–100) and colour. */
export function SpectodaTab({
  view,
  canOperate: mayOperate,
}: {
  view: PrinterView;
  canOperate: boolean;
}) {
  // an offline device cannot switch its lights
  const canOperate = mayOperate && view.isOnline;
  const { t } = useTranslation();
  const commands = usePrinterCommands();
  const [flashlight, setFlashlight] = useState(0);
  const [brightness, setBrightness] = useState(100);
  const [color, setColor] = useState('rgba(255, 255, 255, 1)');

  const apply = async (setting: SpectodaSetting) => {
    try {
      await setSpectoda({ printerId: view.printer.id, ...setting });
    } catch (error) {
      commands.handleError(error);
    }
  };
  const toggle = useLockedToggle(async () => {
    const next = nextFlashlightPercentage(flashlight);
    setFlashlight(next);
    await apply({ setting: 'flashlight', percentage: next });
  });

  return (
    <Paper withBorder p="md" maw={480}>
      <Stack gap="lg">
        <Title order={2} size="h5">
          {t('printers.lights.spectoda')}
        </Title>
        <Button
          leftSection={<IconBulb size={16} />}
          variant={flashlight > 0 ? 'filled' : 'default'}
          disabled={!canOperate || toggle.isLocked}
          onClick={toggle.press}
        >
          {flashlight > 0 ? t('printers.lights.flashlightOff') : t('printers.lights.flashlightOn')}
        </Button>
        <Stack gap={4}>
          <Text size="sm">{t('printers.lights.brightness')}</Text>
          <Slider
            min={0}
            max={100}
            value={brightness}
            disabled={!canOperate}
            onChange={setBrightness}
            onChangeEnd={(value) => void apply({ setting: 'brightness', percentage: value })}
            label={(value) => `${value} %`}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm">{t('printers.lights.color')}</Text>
          <ColorPicker
            format="rgba"
            value={color}
            onChange={setColor}
            onChangeEnd={(value) => {
              if (!canOperate) return;
              const next = toSpectodaColor(value);
              if (!next) return;
              setBrightness(next.brightness);
              void apply({ setting: 'color', color: next.hex });
              void apply({ setting: 'brightness', percentage: next.brightness });
            }}
            fullWidth
          />
        </Stack>
      </Stack>
    </Paper>
  );
}
