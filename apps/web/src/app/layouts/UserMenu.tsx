import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import type { Workspace } from '@printdeck/shared';
import { IconChevronDown, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../shared/account/api/get-me';
import { MENU_ENTRIES } from '../navigation/menu-entries';
import type { UserMenuEntryId } from '../navigation/navigation';
import classes from './shell.module.css';

interface UserMenuProps {
  entries: readonly UserMenuEntryId[];
  workspace: Workspace;
}

export function UserMenu({ entries, workspace }: UserMenuProps) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton
          data-testid="user-menu"
          aria-label={t('userMenu.label')}
          className={classes.userButton}
        >
          <Avatar name={me?.username} color="initials" size={32} aria-hidden />
          <IconChevronDown size={14} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{me?.email}</Menu.Label>
        <Menu.Label>{workspace.name}</Menu.Label>
        <Menu.Divider />
        {entries.map((id) => {
          const { labelKey, icon: Icon, href, isExternal } = MENU_ENTRIES[id];
          if (!href) return null;
          const icon = <Icon size={16} stroke={1.6} aria-hidden />;
          return isExternal ? (
            <Menu.Item
              key={id}
              component="a"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={icon}
              rightSection={<IconExternalLink size={14} aria-hidden />}
            >
              {t(labelKey)}
            </Menu.Item>
          ) : (
            <Menu.Item key={id} component={Link} to={href} leftSection={icon}>
              {t(labelKey)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
