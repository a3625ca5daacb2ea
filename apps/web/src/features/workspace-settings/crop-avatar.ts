import { AVATAR_MAX_SIDE_PX } from '@printdeck/shared';
import { getCentreSquare } from './avatar-file';

/** The centred square of the picture as PNG, at most AVATAR_MAX_SIDE_PX on a side. */
export async function cropAvatarToPng(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const { x, y, side } = getCentreSquare(bitmap.width, bitmap.height);
  const size = Math.min(side, AVATAR_MAX_SIDE_PX, 512);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  canvas.getContext('2d')?.drawImage(bitmap, x, y, side, side, 0, 0, size, size);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No PNG'))), 'image/png'),
  );
}
