/**
 * What jsdom lacks and Mantine uses, for component tests (files that ask for
 * `@vitest-environment jsdom`); files in the node environment skip it.
 */
import { afterEach } from 'vitest';

if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  afterEach(() => cleanup());
  // how long findBy…/waitFor wait for the page to settle on a busy machine (not a pass limit)
  configure({ asyncUtilTimeout: 10_000 });

  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= () => undefined;
  window.scrollTo = () => undefined;
  // ProseMirror (the description editor) measures the selection to scroll it into view
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  document.elementFromPoint ??= () => null;
}
