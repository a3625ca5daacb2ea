/** Other sign-in screens hand over the e-mail and a message through the location state. */
export interface LoginLocationState {
  email?: string;
  message?: string;
  /** where signing in leads (an app path, with its own state) instead of the dashboard */
  returnTo?: { pathname: string; search: string; state?: unknown };
}
