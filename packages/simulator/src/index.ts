export { startVirtualOctoPrint } from './octoprint/server.js';
export type { VirtualOctoPrint, VirtualOctoPrintOptions } from './octoprint/server.js';
export { OctoPrintFaults } from './octoprint/faults.js';
export { EXTRA_EVENTS as OCTOPRINT_EXTRA_EVENTS } from './octoprint/extra-events.js';
export { startVirtualMoonraker } from './moonraker/server.js';
export type { VirtualMoonraker, VirtualMoonrakerOptions } from './moonraker/server.js';
export { MoonrakerFaults } from './moonraker/faults.js';
export { DEFAULT_MACROS, type MacroDefinition } from './moonraker/klipper-commands.js';
export { DEFAULT_POWER_DEVICES, type PowerDeviceConfig } from './moonraker/power.js';
export { Faults, LinkFaults, runFaultCommand, type FaultCommand } from './faults.js';
export { SimulatedClock, type Clock, type SimulatedClockOptions } from './clock.js';
export {
  VirtualPrinter,
  type JobEvent,
  type PrinterEvents,
  type PrinterOptions,
} from './printer-model/printer.js';
export type { JobPhase, JobStatus, TransitionSeconds } from './printer-model/job.js';
export type { StoredFile } from './printer-model/files.js';
export type { Firmware } from './printer-model/dialect.js';
export { Camera, renderFrame, type CameraOptions, type CameraView } from './camera/camera.js';
export { startVirtualPrusaLink } from './prusalink/server.js';
export type { VirtualPrusaLink, VirtualPrusaLinkOptions } from './prusalink/server.js';
export { PrusaLinkFaults } from './prusalink/faults.js';
export { startVirtualBambu } from './bambu/server.js';
export type { VirtualBambu, VirtualBambuOptions } from './bambu/server.js';
export { BambuFaults } from './bambu/faults.js';
export { PRINT_ERROR as BAMBU_PRINT_ERROR } from './bambu/panel.js';
export { writeZip, readZip } from './bambu/zip.js';
