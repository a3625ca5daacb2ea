import {
  Badge,
  Box,
  Group,
  Paper,
  SimpleGrid,
  Switch,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDroppable } from '@dnd-kit/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSectionSettings } from '../hooks/use-section-settings';
import type { PrinterSection } from '../model/printer-sections';
import type { SectionSettings } from '../model/section-settings';
import { PrinterGroupMenu } from './PrinterGroupMenu';
import classes from './printer-groups.module.css';

interface PrinterGroupSectionProps {
  workspaceId: number;
  section: PrinterSection;
  /** no header in the simple view */
  isSimpleView: boolean;
  canChangeGroup: boolean;
  isDropTarget: boolean;
  /** the section's cards, with or without their cameras */
  renderPrinters: (isCameraOn: boolean) => ReactNode;
}

/** One printer group: an expandable section with its count, camera toggle and grid. */
export function PrinterGroupSection(props: PrinterGroupSectionProps) {
  const { t } = useTranslation();
  const { section } = props;
  const { settings, change: onChange } = useSectionSettings(section.id);
  const { setNodeRef, isOver } = useDroppable({
    id: String(section.id),
    data: { sectionId: section.id },
    disabled: !props.canChangeGroup,
  });
  const name = section.name ?? t('printers.groups.allPrinters');
  const isExpanded = props.isSimpleView || settings.isExpanded;
  const Chevron = isExpanded ? IconChevronDown : IconChevronRight;
  const isEmpty = section.printerIds.length === 0;

  return (
    <Box
      ref={setNodeRef}
      component="section"
      aria-label={name}
      className={classes.section}
      data-testid="printer-group"
      data-group-id={section.id}
      data-drop-target={props.isDropTarget || undefined}
      data-over={(isOver && props.isDropTarget) || undefined}
    >
      {!props.isSimpleView && (
        <Group justify="space-between" wrap="nowrap" mb="sm">
          <UnstyledButton
            onClick={() => onChange({ isExpanded: !settings.isExpanded })}
            aria-expanded={settings.isExpanded}
            className={classes.toggle}
          >
            <Group gap="xs" wrap="nowrap">
              <Chevron size={20} aria-hidden />
              <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Title>
              <Badge variant="light" color="gray" data-testid="printer-count">
                {section.printerIds.length}
              </Badge>
            </Group>
          </UnstyledButton>
          <Group gap="xs" wrap="nowrap">
            <CameraSwitch settings={settings} onChange={onChange} />
            {props.canChangeGroup && !section.isSynthetic && typeof section.id === 'number' && (
              <PrinterGroupMenu
                workspaceId={props.workspaceId}
                group={{ id: section.id, name: section.name ?? '' }}
              />
            )}
          </Group>
        </Group>
      )}
      {props.isSimpleView && (
        <Group justify="flex-end" mb="sm">
          <CameraSwitch settings={settings} onChange={onChange} />
        </Group>
      )}
      {/* a collapsed section renders no cards, so that its cameras stop polling */}
      {isExpanded &&
        (isEmpty ? (
          props.canChangeGroup && (
            <Paper className={classes.emptyHint} p="lg" data-testid="empty-group-hint">
              <Text c="dimmed" ta="center" size="sm">
                {t('printers.groups.emptyHint')}
              </Text>
            </Paper>
          )
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3, xl: 4 }} spacing="md">
            {props.renderPrinters(settings.isCameraOn)}
          </SimpleGrid>
        ))}
    </Box>
  );
}

function CameraSwitch({
  settings,
  onChange,
}: {
  settings: SectionSettings;
  onChange: (patch: Partial<SectionSettings>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('printers.groups.cameraToggleHint')}>
      <Switch
        size="sm"
        label={t('printers.groups.cameras')}
        checked={settings.isCameraOn}
        onChange={(event) => onChange({ isCameraOn: event.currentTarget.checked })}
      />
    </Tooltip>
  );
}
