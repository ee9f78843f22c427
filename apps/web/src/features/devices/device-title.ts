/** A device card's title: its name, or 'Unknown device' for one stored blank (signed in without a User-Agent). */
export const deviceTitle = (device: { device_name: string }) => device.device_name.trim() || 'Unknown device';
