/** The tabs of the printer detail and who sees them (spec part 1 §2 "Printer detail"). */
export type DetailTab = 'status' | 'controls' | 'klipper' | 'files' | 'spectoda';

export function getDetailTabs(input: {
  canOperate: boolean;
  isKlipper: boolean;
  hasSpectoda: boolean;
}): DetailTab[] {
  return [
    'status',
    ...(input.canOperate ? (['controls'] as const) : []),
    ...(input.canOperate && input.isKlipper ? (['klipper'] as const) : []),
    ...(input.canOperate ? (['files'] as const) : []),
    ...(input.hasSpectoda ? (['spectoda'] as const) : []),
  ];
}

/** The tab a query asks for (activeTab=controls, or action), if the member may see it. */
export function resolveActiveTab(query: URLSearchParams, tabs: readonly DetailTab[]): DetailTab {
  const asked = query.get('activeTab') ?? (query.has('action') ? 'controls' : null);
  return tabs.find((tab) => tab === asked) ?? 'status';
}
