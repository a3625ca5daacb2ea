/** What other features may use of device-keys. */
export { useCreateDeviceKey } from './api/create-device-key';
export { DeviceKeysSection } from './components/DeviceKeysSection';
