import { Center, Image, Skeleton, Stack, Text } from '@mantine/core';
import type { Gcode } from '@printdeck/shared';
import { IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePreviewImageUrl } from '../api/get-preview-image';

interface GcodePreviewProps {
  gcode: Pick<Gcode, 'id' | 'name' | 'previewImages'>;
  size: number;
  /** the detail page says "preview not available" in words; a list row shows only the icon */
  withText?: boolean;
}

/** The primary preview image of a file, or the "preview not available" placeholder. */
export function GcodePreview({ gcode, size, withText = false }: GcodePreviewProps) {
  const { t } = useTranslation();
  const image = gcode.previewImages.find((preview) => preview.is_primary) ?? gcode.previewImages[0];
  const preview = usePreviewImageUrl(gcode.id, image?.id);
  const frame = {
    w: size,
    h: size,
    style: { flexShrink: 0, borderRadius: 'var(--mantine-radius-sm)' },
  };
  if (preview.url) {
    return (
      <Image
        src={preview.url}
        alt={t('files.row.preview', { name: gcode.name })}
        fit="contain"
        bg="var(--mantine-color-default-hover)"
        data-testid="gcode-preview"
        {...frame}
      />
    );
  }
  if (!preview.isMissing) return <Skeleton {...frame} />;
  return (
    <Center
      {...frame}
      bg="var(--mantine-color-default-hover)"
      role="img"
      aria-label={t('files.row.previewMissing')}
      data-testid="gcode-preview-missing"
    >
      <Stack align="center" gap={4}>
        <IconPhotoOff
          size={Math.min(32, size / 2)}
          color="var(--mantine-color-dimmed)"
          aria-hidden
        />
        {withText && (
          <Text size="xs" c="dimmed" ta="center" px="xs">
            {t('files.row.previewMissing')}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
