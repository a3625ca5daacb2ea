import { useState } from 'react';

/** Select mode of the list: on or off, and which files are picked. */
export function useGcodeSelection() {
  const [isActive, setActive] = useState(false);
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  const clear = () => setIds(new Set());
  return {
    isActive,
    isSelected: (id: number) => ids.has(id),
    toggle: (id: number) =>
      setIds((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    toggleMode: () => {
      setActive((active) => !active);
      clear();
    },
    clear,
  };
}
