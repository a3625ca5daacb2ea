import { useRef, useState, type DragEvent } from 'react';

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * Drag-and-drop of files onto an element: `isOver` while files hover it (children included),
 * `onFiles` with what was dropped. Disabled, it lets every drag pass.
 */
export function useFileDrop(onFiles: (files: File[]) => void, isEnabled = true) {
  const [isOver, setOver] = useState(false);
  const depth = useRef(0);
  const isWanted = (event: DragEvent) => isEnabled && carriesFiles(event);

  const handlers = {
    onDragEnter: (event: DragEvent) => {
      if (!isWanted(event)) return;
      event.preventDefault();
      depth.current += 1;
      setOver(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!isWanted(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      if (!isWanted(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    },
    onDrop: (event: DragEvent) => {
      if (!isWanted(event)) return;
      // a drop area inside another (the dialog's, over the list page) keeps its files
      event.preventDefault();
      event.stopPropagation();
      depth.current = 0;
      setOver(false);
      const files = [...event.dataTransfer.files];
      if (files.length > 0) onFiles(files);
    },
  };
  return { isOver: isEnabled && isOver, handlers };
}
