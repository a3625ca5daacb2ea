/** Keys are built by the server from ids only: `<area>/<workspace id>/<random id>[.ext]`. */
export const KEY_PATTERN =
  /^(files|previews|avatars|videos|frames)\/[1-9][0-9]*\/[0-9a-f-]{36}(\.(png|jpg|mp4))?$/;

export type StorageArea = 'files' | 'previews' | 'avatars' | 'videos' | 'frames';
export type StorageExtension = 'png' | 'jpg' | 'mp4';

/** Every key names a server-made object; anything else is a bug, never a path to follow. */
export function assertStorageKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return key;
}
