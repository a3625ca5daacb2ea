import { Button, Code, Group, Modal, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '../../api/client';
import type { ErrorModalState } from '../../lib/error-modal-state';
import { useErrorModalState } from '../../lib/error-modal-store';
import { useOfflineWatch } from './use-offline-watch';

interface ModalContent {
  title: string;
  description: string;
  action: string;
  details?: string;
}

function getModalContent(state: ErrorModalState, t: TFunction): ModalContent {
  switch (state.variant) {
    case 'maintenance':
    case 'noInternet':
      return {
        title: t(`errorModal.${state.variant}.title`),
        description: t(`errorModal.${state.variant}.description`),
        action: t(`errorModal.${state.variant}.action`),
      };
    case 'forbidden':
      return {
        title: t('errorModal.forbidden.title'),
        description: t('errorModal.forbidden.description'),
        action: t('errorModal.forbidden.action'),
        details:
          import.meta.env.DEV && state.request
            ? t('errorModal.forbidden.details', {
                ...state.request,
                baseUrl: window.location.origin + API_BASE,
                data: JSON.stringify(state.request.data),
              })
            : undefined,
      };
    case 'product':
      return { ...state, action: t('errorModal.product.action') };
    case 'unknown':
      return {
        title: t('errorModal.unknown.title'),
        description: t('errorModal.unknown.description'),
        action: t('errorModal.unknown.action'),
        details: state.detail,
      };
  }
}

/** Every way out, the button or closing, loads the site root (spec part 1 §8). */
function loadSiteRoot(): void {
  window.location.assign('/');
}

export function ErrorModal() {
  const { t } = useTranslation();
  const state = useErrorModalState();
  useOfflineWatch();
  if (!state) return null;
  const content = getModalContent(state, t);
  return (
    <Modal.Root opened onClose={loadSiteRoot} centered zIndex={1000}>
      <Modal.Overlay />
      <Modal.Content data-testid="error-modal" data-variant={state.variant}>
        <Modal.Header>
          <Modal.Title fw={600}>{content.title}</Modal.Title>
          <Modal.CloseButton aria-label={t('common.close')} />
        </Modal.Header>
        <Modal.Body>
          <Text>{content.description}</Text>
          {content.details && (
            <Code block mt="md" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {content.details}
            </Code>
          )}
          <Group justify="flex-end" mt="lg">
            <Button onClick={loadSiteRoot} data-autofocus>
              {content.action}
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
