/** What other features may use of camera. */
export { PrinterCamera } from './components/PrinterCamera';
export { useLockedToggle } from './hooks/use-light-toggle';
export { nextFlashlightPercentage } from './model/camera-machine';
