export * from './constants.js';
export * from './permissions.js';
export * from './errors.js';
export * from './schemas/common.schema.js';
export * from './schemas/auth.schema.js';
export * from './schemas/mail-token.js';
export * from './schemas/workspace.schema.js';
export * from './schemas/system.schema.js';
