import jsQR from 'jsqr';
import type { Locator } from 'playwright-core';

const SCAN_SIZE_PX = 384;

/**
 * Reads a QR code shown on the page the way a phone camera would: the image as the browser
 * draws it, decoded by a QR reader. Returns the text it holds, or null if it holds none.
 */
export async function scanQrCode(image: Locator): Promise<string | null> {
  const rgba = await image.evaluate((element, size) => {
    const img = element as HTMLImageElement;
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size, size);
    context.drawImage(img, 0, 0, size, size);
    return Array.from(context.getImageData(0, 0, size, size).data);
  }, SCAN_SIZE_PX);
  const result = jsQR(Uint8ClampedArray.from(rgba), SCAN_SIZE_PX, SCAN_SIZE_PX);
  return result?.data ?? null;
}
