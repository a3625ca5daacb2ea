import { ColorSwatch, Group, Text } from '@mantine/core';
import type { Spool } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';

/** The spool's colour as a swatch with its material and colour name: "PETG · Black". */
export function SpoolSwatch({
  spool,
}: {
  spool: Pick<Spool, 'color_hex' | 'color_name' | 'material'>;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <ColorSwatch color={spool.color_hex} size={18} withShadow />
      <Text size="sm" fw={500}>
        {[t(`spools.materials.${spool.material}`), spool.color_name].filter(Boolean).join(' · ')}
      </Text>
    </Group>
  );
}
