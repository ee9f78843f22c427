import type { SystemResources } from '@hearth/protocol';
import { Gauge } from './Gauge';
import { ResourceCard } from './ResourceCard';
import styles from './System.module.css';
import parts from '../parts/AdminParts.module.css';

const frequency = (mhz: number) => (mhz >= 1000 ? `${(mhz / 1000).toFixed(2)} GHz` : `${Math.round(mhz)} MHz`);
const count = (n: number) => n.toLocaleString();
const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};
const TONES: Record<string, string> = { running: 'success', stopped: 'danger' };

/**
 * The System tab's grid (spec 3 §2): CPU, Memory, Disk, Network, System Information, CoTurn, and when
 * the last backup (`npm run backup`) was taken.
 */
export function ResourceGrid({ resources: r }: { resources: SystemResources }) {
  return (
    <div className={styles.grid}>
      <ResourceCard
        title="CPU"
        gauge={<Gauge name="CPU" percent={r.cpu.usage_percent} />}
        facts={[
          ['Cores', `${r.cpu.cores_physical} physical, ${r.cpu.cores_logical} logical`],
          ['Frequency', frequency(r.cpu.frequency.current)],
        ]}
      />
      <ResourceCard
        title="Memory"
        gauge={<Gauge name="Memory" percent={r.memory.usage_percent} />}
        facts={[
          ['Used', `${r.memory.used_formatted} of ${r.memory.total_formatted}`],
          ['Available', r.memory.available_formatted],
        ]}
      />
      <ResourceCard
        title="Disk"
        gauge={<Gauge name="Disk" percent={r.disk.usage_percent} />}
        facts={[
          ['Used', `${r.disk.used_formatted} of ${r.disk.total_formatted}`],
          ['Free', r.disk.free_formatted],
          ['Read', r.disk.io.read_bytes_formatted],
          ['Written', r.disk.io.write_bytes_formatted],
        ]}
      />
      <ResourceCard
        title="Network"
        facts={[
          ['Sent', r.network.bytes_sent_formatted],
          ['Received', r.network.bytes_recv_formatted],
          ['Packets sent', count(r.network.packets_sent)],
          ['Packets received', count(r.network.packets_recv)],
          ['Connections', count(r.network.connections)],
        ]}
      />
      <ResourceCard
        title="System Information"
        facts={[
          ['Platform', r.system.platform],
          ['Architecture', r.system.architecture],
          ['Processor', r.system.processor],
          ['Uptime', r.system.uptime_formatted],
          ['Processes', count(r.system.process_count)],
          ['Boot time', when(r.system.boot_time)],
        ]}
      />
      <ResourceCard
        title="CoTurn"
        facts={[
          [
            'Status',
            <span className={parts.pill} data-tone={TONES[r.coturn.status] ?? 'warning'}>
              {r.coturn.status}
            </span>,
          ],
          ['Processes', count(r.coturn.process_count)],
          ['Configuration', r.coturn.config_exists ? (r.coturn.config_path ?? 'Present') : 'None'],
          ['Service', r.coturn.service_status],
          ['Last checked', when(r.coturn.last_checked)],
          ...(r.coturn.error ? [['Error', r.coturn.error] as [string, string]] : []),
        ]}
      />
      <ResourceCard
        title="Backups"
        facts={[
          [
            'Last backup',
            r.backup.last_taken_at ? (
              <time dateTime={r.backup.last_taken_at}>{when(r.backup.last_taken_at)}</time>
            ) : (
              'No backup taken yet'
            ),
          ],
        ]}
      />
    </div>
  );
}
