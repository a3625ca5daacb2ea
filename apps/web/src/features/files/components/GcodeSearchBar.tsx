import { Button, CloseButton, Group, Pill, TextInput } from '@mantine/core';
import { LIMITS } from '@printdeck/shared';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanSearch, type FilterChip } from '../../../shared/gcodes';

interface GcodeSearchBarProps {
  search: string;
  onSearch: (text: string) => void;
}

/** The search box (at most 100 characters) and its button. */
export function GcodeSearchBar({ search, onSearch }: GcodeSearchBarProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(cleanSearch(text));
  };
  return (
    <Group component="form" role="search" onSubmit={submit} gap="xs" wrap="nowrap">
      <TextInput
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maxLength={LIMITS.searchTextMax}
        placeholder={t('files.search.placeholder')}
        aria-label={t('files.search.label')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          text ? (
            <CloseButton
              size="sm"
              aria-label={t('files.search.clear')}
              onClick={() => {
                setText('');
                if (search) onSearch('');
              }}
            />
          ) : null
        }
        style={{ flex: 1 }}
      />
      <Button type="submit" variant="default">
        {t('files.search.button')}
      </Button>
    </Group>
  );
}

interface FilterChipsProps {
  chips: readonly FilterChip[];
  onRemove: (chip: FilterChip) => void;
}

/** The active label and search as removable chips. */
export function FilterChips({ chips, onRemove }: FilterChipsProps) {
  const { t } = useTranslation();
  if (chips.length === 0) return null;
  return (
    <Pill.Group aria-label={t('files.chips.label')}>
      {chips.map((chip) => {
        const text = describeChip(chip, t);
        return (
          <Pill
            key={chip.kind === 'label' ? `label-${chip.id}` : chip.kind}
            size="md"
            withRemoveButton
            onRemove={() => onRemove(chip)}
            // Mantine hides the remove button from keyboards and screen readers; chips here
            // are the way to clear a filter, so it is a real button
            removeButtonProps={{
              'aria-label': t('files.chips.remove', { name: text }),
              'aria-hidden': false,
              tabIndex: 0,
            }}
          >
            {text}
          </Pill>
        );
      })}
    </Pill.Group>
  );
}

export function describeChip(chip: FilterChip, t: (key: 'labels.none') => string): string {
  if (chip.kind === 'label') return chip.name;
  if (chip.kind === 'uncategorized') return t('labels.none');
  return `“${chip.text}”`;
}
