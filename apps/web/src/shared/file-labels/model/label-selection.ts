/** An entry of the label sidebar: All, No label (UNCATEGORIZED), or one label. */
export type LabelSelection =
  { kind: 'all' } | { kind: 'uncategorized' } | { kind: 'label'; id: number };
