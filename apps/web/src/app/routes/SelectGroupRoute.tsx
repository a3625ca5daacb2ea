import { MyInvitationsList } from '../../features/invitations/components/MyInvitationsList';
import { SelectGroupPage } from '../../features/workspaces/components/SelectGroupPage';

/** Workspace selection with the invitations waiting for the user's answer above the list. */
export function SelectGroupRoute() {
  return <SelectGroupPage invitations={<MyInvitationsList />} />;
}
