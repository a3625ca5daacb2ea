import { Outlet } from 'react-router';
import { CenteredLayout } from '../../components/CenteredLayout';
import { SCREEN_PATHS } from '../../config/screens';

/** Sign-in, registration and password reset; the logo leads to Logout (spec part 2 §2.1). */
export function AnonymousLayout() {
  return (
    <CenteredLayout logoTo={SCREEN_PATHS.logout}>
      <Outlet />
    </CenteredLayout>
  );
}
