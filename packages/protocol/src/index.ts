export * from './constants.js';
export * from './texts.js';
export * from './common.js';
export * from './users.js';
export * from './auth.js';
export * from './groups.js';
export * from './messages.js';
export * from './gateway.js';
