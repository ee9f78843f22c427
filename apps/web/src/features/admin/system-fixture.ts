import type { SystemResources } from '@hearth/protocol';

/** System resources as the server reports them, with the three gauges' percentages. */
export const systemResources = (cpu: number, memory: number, disk: number): SystemResources => ({
  cpu: { usage_percent: cpu, cores_physical: 2, cores_logical: 4, frequency: { current: 2400 } },
  memory: { usage_percent: memory, used_formatted: '3 GB', total_formatted: '8 GB', available_formatted: '5 GB' },
  disk: {
    usage_percent: disk,
    used_formatted: '40 GB',
    total_formatted: '100 GB',
    free_formatted: '60 GB',
    io: { read_bytes_formatted: '1 GB', write_bytes_formatted: '2 GB' },
  },
  network: {
    bytes_sent_formatted: '10 MB',
    bytes_recv_formatted: '20 MB',
    packets_sent: 1000,
    packets_recv: 2000,
    connections: 3,
  },
  system: {
    platform: 'linux',
    architecture: 'x64',
    processor: 'Test CPU',
    uptime_formatted: '1d 2h',
    process_count: 120,
    boot_time: '2026-01-01T00:00:00.000Z',
  },
  coturn: {
    status: 'running',
    process_count: 1,
    config_exists: true,
    config_path: '/tmp/turn.conf',
    service_status: 'active',
    last_checked: '2026-01-01T00:00:00.000Z',
    error: null,
  },
  backup: { last_taken_at: null },
});
