/** The id a route's `:id` names (1 up to 15 digits, no leading zero), or 0 when it names none. */
export function parseRouteId(value: string | undefined): number {
  return /^[1-9]\d{0,14}$/.test(value ?? '') ? Number(value) : 0;
}
