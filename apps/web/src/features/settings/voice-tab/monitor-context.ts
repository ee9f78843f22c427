import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { MicrophoneMonitor, MonitorState } from './microphone-monitor';
import { METER_INTERVAL_MS } from './voice-tab-logic';

/** The tab's microphone (MicrophoneMonitor), shared by its sections. */
export const MonitorContext = createContext<MicrophoneMonitor | null>(null);

export function useMonitor(): MicrophoneMonitor {
  const monitor = useContext(MonitorContext);
  if (!monitor) throw new Error('useMonitor must be used inside the Voice Settings tab');
  return monitor;
}

export function useMonitorState(): MonitorState {
  const monitor = useMonitor();
  return useSyncExternalStore(monitor.subscribe, monitor.getState);
}

/** Holds the tab's microphone open while `active` (and the component is mounted). */
export function useHeldMicrophone(active: boolean): void {
  const monitor = useMonitor();
  useEffect(() => (active ? monitor.acquire() : undefined), [monitor, active]);
}

/**
 * The microphone's level (dB, before the VAD gate) read every 60 ms while it is open and `enabled`,
 * or null otherwise: it does not open it.
 */
export function useMicrophoneLevel(enabled = true, intervalMs = METER_INTERVAL_MS): number | null {
  const monitor = useMonitor();
  const open = useMonitorState().status === 'open' && enabled;
  const [level, setLevel] = useState<number | null>(null);
  useEffect(() => {
    if (!open) return;
    const read = () => setLevel(monitor.current()?.levelDb() ?? null);
    read();
    const timer = setInterval(read, intervalMs);
    return () => clearInterval(timer);
  }, [monitor, open, intervalMs]);
  return open ? level : null;
}
