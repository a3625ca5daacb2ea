import { Badge, Box, Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { getRotationStyle, type CameraState, type CameraStatus } from '../model/camera-machine';
import { CameraPlaceholder } from './CameraPlaceholder';
import classes from './camera.module.css';

interface CameraFrameProps {
  imageUrl: string | null;
  status: CameraStatus;
  /** what an offline status stands for (the camera, a disconnected printer, the device) */
  offlineReason: CameraState['offlineReason'];
  /** the age of an image no answer confirmed lately (null: it is live) */
  staleFrameAgeMs?: number | null;
  rotation: number;
  downloadProgress: number | null;
  isBlurred: boolean;
  /** buttons over the image */
  controls?: ReactNode;
  fill?: boolean;
}

/** The image (rotated, blurred without focus) or the placeholder, with the status over it. */
export function CameraFrame(props: CameraFrameProps) {
  const { t } = useTranslation();
  const { transform, isSideways } = getRotationStyle(props.rotation);
  const showsImage =
    props.imageUrl !== null && props.status !== 'disabled' && props.status !== 'none';
  const label = getStatusLabel(props, t);
  return (
    <Box
      className={classes.frame}
      data-fill={props.fill || undefined}
      data-sideways={isSideways || undefined}
      data-testid="camera"
      data-status={props.status}
      data-offline-reason={props.status === 'offline' ? props.offlineReason : undefined}
    >
      {showsImage ? (
        <img
          src={props.imageUrl ?? undefined}
          alt={t('printers.camera.image')}
          className={classes.image}
          data-blurred={props.isBlurred || undefined}
          style={{ transform: `translate(-50%, -50%) ${transform === 'none' ? '' : transform}` }}
          draggable={false}
        />
      ) : (
        <CameraPlaceholder />
      )}
      {label && (
        <Center className={classes.status}>
          <Text size="sm" fw={500} c="white" ta="center" role="status">
            {props.status === 'connecting' && <Loader size="xs" color="white" mr={6} />}
            {label}
          </Text>
        </Center>
      )}
      {showsImage && props.staleFrameAgeMs != null && (
        <Badge
          className={classes.age}
          color="dark"
          variant="filled"
          radius="sm"
          data-testid="camera-frame-age"
        >
          {formatFrameAge(props.staleFrameAgeMs, t)}
        </Badge>
      )}
      {props.controls && <div className={classes.controls}>{props.controls}</div>}
    </Box>
  );
}

function getStatusLabel(
  { status, offlineReason, downloadProgress }: CameraFrameProps,
  t: TFunction,
): string | null {
  switch (status) {
    case 'ok':
      return null;
    case 'downloading':
      return t('printers.camera.downloading', { progress: Math.round(downloadProgress ?? 0) });
    case 'offline':
      if (offlineReason === 'disconnected') return t('printers.camera.disconnected');
      if (offlineReason === 'deviceOffline') return t('printers.camera.deviceOffline');
      if (offlineReason === 'liveviewOff') return t('printers.camera.liveviewOff');
      return t('printers.camera.offline');
    default:
      return t(`printers.camera.${status}`);
  }
}

function formatFrameAge(ageMs: number, t: TFunction): string {
  const seconds = Math.floor(ageMs / 1000);
  if (seconds < 60) return t('printers.camera.frameAgeSeconds', { count: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('printers.camera.frameAgeMinutes', { count: minutes });
  return t('printers.camera.frameAgeHours', { count: Math.floor(minutes / 60) });
}
