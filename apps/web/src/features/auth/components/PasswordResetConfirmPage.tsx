import { SCREEN_PATHS } from '../../../config/screens';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { NewPasswordPage } from './NewPasswordPage';

export function PasswordResetConfirmPage() {
  return (
    <NewPasswordPage
      tokenParam="reset"
      purpose="password_reset"
      textKey="passwordResetConfirm"
      mutation={useConfirmPasswordReset()}
      startAgainPath={SCREEN_PATHS.passwordReset}
    />
  );
}
