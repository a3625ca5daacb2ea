import { Stack, Switch, Text } from '@mantine/core';
import type { Gcode } from '@printdeck/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { useSetGcodePublic } from '../../api/set-gcode-public';

interface GcodePublicSwitchProps {
  workspaceId: number;
  gcode: Gcode;
  canEdit: boolean;
}

/** Public or private: making it public asks first, making it private does not (spec §4.3). */
export function GcodePublicSwitch({ workspaceId, gcode, canEdit }: GcodePublicSwitchProps) {
  const { t } = useTranslation();
  const setPublic = useSetGcodePublic();
  const [isConfirming, setConfirming] = useState(false);
  const change = (isPublic: boolean) =>
    setPublic.mutate(
      { workspaceId, gcodeId: gcode.id, isPublic },
      { onSettled: () => setConfirming(false) },
    );
  return (
    <Stack gap={4}>
      <Switch
        label={t('gcodeDetail.public')}
        checked={gcode.is_public}
        disabled={!canEdit || setPublic.isPending}
        onChange={(event) => {
          if (event.currentTarget.checked) setConfirming(true);
          else change(false);
        }}
      />
      <Text size="xs" c="dimmed">
        {gcode.is_public ? t('gcodeDetail.publicOn') : t('gcodeDetail.publicOff')}
      </Text>
      {isConfirming && (
        <ConfirmDialog
          title={t('gcodeDetail.makePublic.title')}
          confirmLabel={t('gcodeDetail.makePublic.confirm')}
          color="teal"
          isPending={setPublic.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() => change(true)}
        >
          {t('gcodeDetail.makePublic.text', { name: gcode.name })}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
