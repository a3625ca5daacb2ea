export * from './device-state.schema.js';
export * from './device-commands.schema.js';
export * from './device-messages.schema.js';
export * from './printer-state.js';
export * from './device-results.schema.js';
export * from './device-job.js';
export * from './print-formats.js';
export * from './bambu-models.js';
