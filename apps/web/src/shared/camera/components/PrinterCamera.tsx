import { ActionIcon, Modal, Tooltip } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { IconBulb, IconBulbOff, IconMaximize } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCameraFeed } from '../hooks/use-camera-feed';
import { useLockedToggle } from '../hooks/use-light-toggle';
import { CAMERA_DIALOG_ATTRIBUTE } from '../hooks/modal-detection';
import { useNow } from '../hooks/use-now';
import { useWindowFocus } from '../hooks/use-window-focus';
import { canOpenFullscreen, getDisplayStatus, getStaleFrameAge } from '../model/camera-machine';
import { CameraFrame } from './CameraFrame';

export interface CameraLight {
  isOn: boolean;
  toggle: () => Promise<void>;
}

export interface PrinterCameraProps {
  printerId: number;
  printerName: string;
  isEnabled: boolean;
  /** false: the printer has no camera; "No camera" shows and no image is asked for */
  hasCamera?: boolean;
  rotation: number;
  isDeviceOnline: boolean;
  isPrinterPaired: boolean;
  isDownloading: boolean;
  downloadProgress: number | null;
  /** the light switch over the image, for printers with a light and a member who may switch it */
  light?: CameraLight;
}

/** A printer's live camera (spec part 1 §4 "Camera states"), with fullscreen and the light. */
export function PrinterCamera(props: PrinterCameraProps) {
  const { t } = useTranslation();
  const ownerId = useId();
  const [isHovered, setHovered] = useState(false);
  const [isFullscreen, setFullscreen] = useState(false);
  const hasFocus = useWindowFocus();
  const { ref: viewportRef, inViewport } = useInViewport();
  const { state, imageUrl } = useCameraFeed({
    printerId: props.printerId,
    isEnabled: props.isEnabled && props.hasCamera !== false,
    isDeviceOnline: props.isDeviceOnline,
    isPrinterPaired: props.isPrinterPaired,
    isDownloading: props.isDownloading,
    isHovered,
    isFullscreen,
    isInViewport: inViewport,
    ownerId,
  });
  const now = useNow(state.hasImage ? 1000 : null);
  const staleFrameAge = getStaleFrameAge(state, now);
  const shownStatus = getDisplayStatus(state, {
    isEnabled: props.isEnabled,
    hasCamera: props.hasCamera !== false,
    isDownloading: props.isDownloading,
  });
  // a frame no answer confirmed for a while is not live: it says so, with its age
  const status = shownStatus === 'ok' && staleFrameAge !== null ? 'connecting' : shownStatus;
  const isFullscreenAllowed = canOpenFullscreen(status);

  useEffect(() => {
    if (!isFullscreenAllowed) setFullscreen(false);
  }, [isFullscreenAllowed]);

  const controls = (
    <>
      {props.light && <LightToggle light={props.light} />}
      <Tooltip label={t('printers.camera.fullscreen')}>
        <ActionIcon
          variant="filled"
          color="dark"
          aria-label={t('printers.camera.fullscreen')}
          disabled={!isFullscreenAllowed}
          onClick={() => setFullscreen(true)}
        >
          <IconMaximize size={16} />
        </ActionIcon>
      </Tooltip>
    </>
  );

  const frame = {
    imageUrl,
    status,
    offlineReason: state.offlineReason,
    staleFrameAgeMs: staleFrameAge,
    rotation: props.rotation,
    downloadProgress: props.downloadProgress,
    isBlurred: !hasFocus,
  };
  return (
    <div
      ref={viewportRef}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <CameraFrame {...frame} controls={controls} />
      <Modal.Root
        opened={isFullscreen}
        onClose={() => setFullscreen(false)}
        fullScreen
        closeOnEscape
      >
        <Modal.Overlay />
        <Modal.Content {...{ [CAMERA_DIALOG_ATTRIBUTE]: ownerId }} bg="black">
          <Modal.Header bg="black" c="white">
            <Modal.Title>{props.printerName}</Modal.Title>
            <Modal.CloseButton aria-label={t('common.close')} />
          </Modal.Header>
          <Modal.Body h="calc(100vh - 70px)" p={0}>
            <CameraFrame {...frame} fill />
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </div>
  );
}

function LightToggle({ light }: { light: CameraLight }) {
  const { t } = useTranslation();
  const { isLocked, press } = useLockedToggle(light.toggle);
  const label = light.isOn ? t('printers.lights.turnOff') : t('printers.lights.turnOn');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="filled"
        color={light.isOn ? 'yellow' : 'dark'}
        aria-label={label}
        aria-pressed={light.isOn}
        disabled={isLocked}
        onClick={press}
      >
        {light.isOn ? <IconBulb size={16} /> : <IconBulbOff size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}
