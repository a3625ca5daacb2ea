import {
  Anchor,
  Button,
  Checkbox,
  Collapse,
  Group,
  Paper,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Gcode } from '@printdeck/shared';
import { IconChevronDown, IconChevronRight, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getScreenPath } from '../../../config/screens';
import { formatFileSize } from '../../../lib/format-units';
import { useHasPermission } from '../../../shared/workspaces/hooks/use-permission';
import { GcodeBadges } from './GcodeBadges';
import { GcodePreview } from '../../../shared/gcodes';
import { GcodeRowMenu, type GcodeAction } from './GcodeRowMenu';
import { GcodeSummary } from './GcodeSummary';
import { HumanDateText } from '../../../components/HumanDateText';
import { BreakableText } from '../../../components/BreakableText';

export interface GcodeRowSelection {
  isSelected: boolean;
  /** files the member may not change cannot be picked for bulk changes */
  isSelectable: boolean;
  onToggle: () => void;
}

interface GcodeRowProps {
  gcode: Gcode;
  canChange: boolean;
  /** in select mode, a click toggles the file instead of opening it */
  selection?: GcodeRowSelection;
  onAction: (gcode: Gcode, action: GcodeAction) => void;
}

/** One file of the list (spec §2.3 "File row"): a Print button for those who may print, and a menu. */
export function GcodeRow({ gcode, canChange, selection, onAction }: GcodeRowProps) {
  const { t } = useTranslation();
  const [isOpen, details] = useDisclosure(false);
  const canPrint = useHasPermission('OPERATE_PRINTERS');
  const Chevron = isOpen ? IconChevronDown : IconChevronRight;
  const isSelecting = selection !== undefined;
  const toggle = () => {
    if (selection?.isSelectable) selection.onToggle();
  };

  return (
    <Paper
      withBorder
      p="sm"
      data-testid="gcode-row"
      data-selected={selection?.isSelected || undefined}
      onClick={isSelecting ? toggle : undefined}
      style={{
        cursor: isSelecting && selection.isSelectable ? 'pointer' : undefined,
        opacity: isSelecting && !selection.isSelectable ? 0.6 : undefined,
        borderColor: selection?.isSelected ? 'var(--mantine-primary-color-filled)' : undefined,
      }}
    >
      <Group gap="md" wrap="nowrap" align="flex-start">
        {selection && (
          <Checkbox
            mt={4}
            checked={selection.isSelected}
            disabled={!selection.isSelectable}
            onChange={toggle}
            onClick={(event) => event.stopPropagation()}
            aria-label={t('files.row.select', { name: gcode.name })}
          />
        )}
        <GcodePreview gcode={gcode} size={72} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            {isSelecting ? (
              <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="gcode-name">
                <BreakableText>{gcode.name}</BreakableText>
              </Text>
            ) : (
              <Anchor
                component={Link}
                to={getScreenPath('gcodeDetail', { id: gcode.id }) ?? '#'}
                fw={600}
                c="inherit"
                style={{ overflowWrap: 'anywhere' }}
                data-testid="gcode-name"
              >
                <BreakableText>{gcode.name}</BreakableText>
              </Anchor>
            )}
            {!isSelecting && (
              <Group gap={4} wrap="nowrap">
                {canPrint && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconPrinter size={14} aria-hidden />}
                    onClick={() => onAction(gcode, 'print')}
                    data-testid="gcode-row-print"
                  >
                    {t('printDialog.open')}
                  </Button>
                )}
                <GcodeRowMenu
                  gcode={gcode}
                  canChange={canChange}
                  onAction={(action) => onAction(gcode, action)}
                />
              </Group>
            )}
          </Group>
          <GcodeBadges gcode={gcode} />
          <Group gap={4} c="dimmed" style={{ columnGap: 'var(--mantine-spacing-md)' }}>
            <HumanDateText value={gcode.uploadedOn} size="xs" />
            <Text size="xs">{formatFileSize(gcode.size)}</Text>
            {gcode.uploadedBy && (
              <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                <BreakableText>{gcode.uploadedBy}</BreakableText>
              </Text>
            )}
          </Group>
          <UnstyledButton
            onClick={(event) => {
              event.stopPropagation();
              details.toggle();
            }}
            aria-expanded={isOpen}
            style={{ alignSelf: 'flex-start' }}
          >
            <Group gap={4} c="dimmed">
              <Chevron size={14} aria-hidden />
              <Text size="xs">{t('files.row.details')}</Text>
            </Group>
          </UnstyledButton>
          <Collapse in={isOpen}>
            <GcodeSummary gcode={gcode} />
          </Collapse>
        </Stack>
      </Group>
    </Paper>
  );
}
