import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, type Icon } from '@tabler/icons-react';

export interface ActionsMenuItem {
  key: string;
  label: string;
  icon: Icon;
  /** red for what deletes */
  color?: string;
  onClick: () => void;
}

interface ActionsMenuProps {
  /** what the dots button is called, e.g. "Actions for gear.gcode" */
  label: string;
  items: readonly ActionsMenuItem[];
}

/** The "⋯" menu of a list item; a click on it does not reach the item itself. */
export function ActionsMenu({ label, items }: ActionsMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={label}
          onClick={(event) => event.stopPropagation()}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map(({ key, label: itemLabel, icon: ItemIcon, color, onClick }) => (
          <Menu.Item key={key} color={color} leftSection={<ItemIcon size={16} />} onClick={onClick}>
            {itemLabel}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
