/**
 * This browser's localStorage, or null where there is none (a test without DOM) or touching it
 * throws (storage disabled, some private modes): stores that keep a choice then hold it in memory.
 */
export function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
