const AVATAR_EXTENSIONS = ['.png', '.jpg', '.jpeg'];
const AVATAR_TYPES = ['image/png', 'image/jpeg'];

/** PNG or JPEG only, by both the name and the type the browser reports (spec part 2 §5). */
export function isAllowedAvatarFile(file: { name: string; type: string }): boolean {
  const name = file.name.toLowerCase();
  return AVATAR_EXTENSIONS.some((ext) => name.endsWith(ext)) && AVATAR_TYPES.includes(file.type);
}

/** The centred square of an image of this size. */
export function getCentreSquare(width: number, height: number) {
  const side = Math.min(width, height);
  return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), side };
}
