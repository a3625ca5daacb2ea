/** What other features may use of device-keys. */
export { useCreateDeviceKey } from './api/create-device-key';
export { useCreateDeviceKeyWithReauth } from './components/use-device-key-with-reauth';
export { DeviceKeysSection } from './components/DeviceKeysSection';
