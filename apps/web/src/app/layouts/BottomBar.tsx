import { Drawer, NavLink as MenuLink, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMenu2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { MENU_ENTRIES } from '../navigation/menu-entries';
import { getNavLinks } from '../navigation/nav-links';
import type { Navigation } from '../navigation/navigation';
import classes from './shell.module.css';

/** The mobile bottom bar and the menu its last button opens. */
export function BottomBar({ navigation }: { navigation: Navigation }) {
  const { t } = useTranslation();
  const [isMenuOpen, menu] = useDisclosure(false);
  return (
    <>
      <nav aria-label={t('nav.main')} className={classes.bottomBar}>
        {getNavLinks(navigation.mobileBottomBar).map(({ id, path, icon: Icon }) => (
          <UnstyledButton key={id} component={NavLink} to={path} end className={classes.bottomItem}>
            <Icon size={22} stroke={1.6} aria-hidden />
            {t(`nav.${id}`)}
          </UnstyledButton>
        ))}
        <UnstyledButton
          className={classes.bottomItem}
          onClick={menu.open}
          aria-expanded={isMenuOpen}
        >
          <IconMenu2 size={22} stroke={1.6} aria-hidden />
          {t('nav.menu')}
        </UnstyledButton>
      </nav>
      <Drawer
        opened={isMenuOpen}
        onClose={menu.close}
        position="bottom"
        styles={{ content: { height: 'auto' } }}
        title={t('nav.menu')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {navigation.mobileMenu.map((id) => {
          const { labelKey, icon: Icon, href } = MENU_ENTRIES[id];
          return (
            href && (
              <MenuLink
                key={id}
                component={Link}
                to={href}
                label={t(labelKey)}
                leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
                onClick={menu.close}
              />
            )
          );
        })}
      </Drawer>
    </>
  );
}
