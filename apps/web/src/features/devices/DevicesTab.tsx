import { useMemo, useState } from 'react';
import { DEVICE_TEXT } from '@hearth/protocol/device-rules';
import { Button, Spinner, useConfirm } from '../../ui';
import { Banner } from '../settings/Banner';
import { failureText, type Outcome } from '../settings/form-result';
import { arrangeDevices, type ListedDevice } from './current-device';
import { NoRefreshTokenError, useDevices, useRevokeDevice, useRevokeOtherDevices } from './device-queries';
import { fullTime, usedAgo } from './device-time';
import { thisBrowser } from './this-browser';
import { deviceTitle } from './device-title';
import styles from './Devices.module.css';

/**
 * The Devices tab (spec 3 §2 Devices, §4): the Authorized Devices list with this device guessed and
 * first, Revoke per device (none on this one), Revocation Pending while a revoked device is still
 * listed (the list is fetched again every 30 s meanwhile), and Revoke All Other Devices.
 */
export default function DevicesTab() {
  const devices = useDevices();
  const revoke = useRevokeDevice();
  const revokeOthers = useRevokeOtherDevices();
  const confirm = useConfirm();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const here = useMemo(() => thisBrowser(), []);
  // The guess uses the time of the answer: a re-render must not move a device in or out of 'current'.
  const listed = useMemo(
    () => (devices.data ? arrangeDevices(devices.data, here, devices.dataUpdatedAt) : []),
    [devices.data, devices.dataUpdatedAt, here],
  );

  const onRevoke = (device: ListedDevice) => {
    setOutcome(null);
    revoke.mutate(device.id, {
      onSuccess: () => setOutcome({ kind: 'success', text: `${deviceTitle(device)} was revoked` }),
      onError: (error) => setOutcome({ kind: 'error', text: failureText(error, DEVICE_TEXT.revokeFailed) }),
    });
  };

  const onRevokeOthers = () =>
    void confirm({
      title: 'Revoke All Other Devices',
      message: 'Every other device signed in to your account will be signed out at once. This one stays signed in.',
      confirmLabel: 'Revoke All',
      type: 'danger',
    }).then((yes) => {
      if (!yes) return;
      setOutcome(null);
      revokeOthers.mutate(undefined, {
        onSuccess: ({ revoked_count }) =>
          setOutcome({
            kind: 'success',
            text: `${revoked_count} other ${revoked_count === 1 ? 'device was' : 'devices were'} signed out`,
          }),
        onError: (error) =>
          setOutcome({
            kind: 'error',
            text:
              error instanceof NoRefreshTokenError ? error.message : failureText(error, DEVICE_TEXT.revokeOthersFailed),
          }),
      });
    });

  return (
    <div className={styles.tab}>
      <div className={styles.head}>
        <h3 className={styles.title}>Authorized Devices</h3>
        {listed.length > 1 && (
          <Button variant="danger" onClick={onRevokeOthers} disabled={revokeOthers.isPending}>
            Revoke All Other Devices
          </Button>
        )}
      </div>
      <p className={styles.notice}>
        These devices are signed in to your account. Revoke any you do not recognise or no longer use: it is signed out
        at once and needs your password to sign in again. A revoked device stays listed as Revocation Pending for up to
        15 minutes.
      </p>
      <Banner outcome={outcome} />
      {devices.isPending ? (
        <Spinner size={24} label="Loading devices" />
      ) : devices.isError ? (
        <p role="alert" className={styles.error}>
          {failureText(devices.error, DEVICE_TEXT.loadFailed)}
        </p>
      ) : listed.length === 0 ? (
        <p className={styles.empty}>{DEVICE_TEXT.emptyList}</p>
      ) : (
        <ul className={styles.list} aria-label="Authorized devices">
          {listed.map((device) => (
            <DeviceRow
              key={device.id}
              device={device}
              now={devices.dataUpdatedAt}
              busy={revoke.isPending && revoke.variables === device.id}
              onRevoke={() => onRevoke(device)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function DeviceRow({
  device,
  now,
  busy,
  onRevoke,
}: {
  device: ListedDevice;
  now: number;
  busy: boolean;
  onRevoke: () => void;
}) {
  return (
    <li className={styles.device} data-current={device.is_current || undefined}>
      <div className={styles.info}>
        <p className={styles.name}>
          {deviceTitle(device)}
          {device.is_current && <span className={styles.current}>Current Device</span>}
          {device.is_pending_revocation && <span className={styles.pending}>{DEVICE_TEXT.pending}</span>}
        </p>
        <p className={styles.details}>
          <span>IP: {device.ip_address ?? 'Unknown'}</span>
          <span title={fullTime(device.last_used_at)}>Last used: {usedAgo(device.last_used_at, now)}</span>
          <span>Signed in: {fullTime(device.created_at)}</span>
        </p>
      </div>
      {!device.is_current && !device.is_pending_revocation && (
        <Button variant="danger" size="sm" onClick={onRevoke} disabled={busy}>
          {busy ? 'Revoking...' : 'Revoke'}
        </Button>
      )}
    </li>
  );
}
