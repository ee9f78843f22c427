export * from './server-process.js';
export * from './chromium.js';
export * from './redis-server.js';
export { freePort } from '../net/free-port.js';
export * from './sql.js';
export * from './coturn.js';
export { PushServiceStandIn, ecdhFromJwk, readPush, type ReceivedPush } from './push-stand-in.js';
export { PreviewSite, TINY_GIF, TINY_PNG, ogPage } from './preview-site.js';
