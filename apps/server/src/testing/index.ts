export * from './server-process.js';
export * from './chromium.js';
