/**
 * Loaded into a server process by the fan-out benchmark (`node --expose-gc --import <this>`), never by
 * the server itself: on SIGUSR2 the process runs a full garbage collection, so that the memory read
 * before and after the clients connect is what is live, not whatever garbage the sign-ups left.
 */
process.on('SIGUSR2', () => globalThis.gc?.());
