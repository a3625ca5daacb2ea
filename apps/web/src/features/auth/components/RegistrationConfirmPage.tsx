import { SCREEN_PATHS } from '../../../config/screens';
import { useCreateUser } from '../api/create-user';
import { NewPasswordPage } from './NewPasswordPage';

export function RegistrationConfirmPage() {
  return (
    <NewPasswordPage
      tokenParam="activate"
      purpose="registration"
      textKey="registrationConfirm"
      mutation={useCreateUser()}
      startAgainPath={SCREEN_PATHS.registration}
    />
  );
}
