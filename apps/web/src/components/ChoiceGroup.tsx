import { Group, Radio } from '@mantine/core';

interface ChoiceGroupProps<T extends string> {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}

/** A labelled row of radio buttons: one visible choice per option, found by its text. */
export function ChoiceGroup<T extends string>({
  label,
  value,
  options,
  onChange,
}: ChoiceGroupProps<T>) {
  const byValue = new Map(options.map((option) => [option.value as string, option.value]));
  return (
    <Radio.Group
      label={label}
      value={value}
      onChange={(next) => {
        const option = byValue.get(next);
        if (option) onChange(option);
      }}
    >
      <Group mt="xs" gap="lg">
        {options.map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} />
        ))}
      </Group>
    </Radio.Group>
  );
}
