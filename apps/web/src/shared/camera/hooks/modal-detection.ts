/** The attribute a camera puts on its own dialogs (fullscreen). */
export const CAMERA_DIALOG_ATTRIBUTE = 'data-camera-owner';

/** A modal is open that is not this camera's own: polling pauses (spec part 1 §4). */
export function isOtherModalOpen(ownerId: string): boolean {
  const dialogs = document.querySelectorAll('[role="dialog"][aria-modal="true"]');
  return Array.from(dialogs).some(
    (dialog) =>
      dialog.closest(`[${CAMERA_DIALOG_ATTRIBUTE}]`)?.getAttribute(CAMERA_DIALOG_ATTRIBUTE) !==
      ownerId,
  );
}
