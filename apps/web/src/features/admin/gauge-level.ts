import { GAUGE_DANGER_PERCENT, GAUGE_WARNING_PERCENT } from '@hearth/protocol/admin-rules';

export type GaugeLevel = 'normal' | 'warning' | 'danger';

/** The System tab's gauges (spec 3 §2): warning above 60 %, danger above 80. */
export function gaugeLevel(percent: number): GaugeLevel {
  if (percent > GAUGE_DANGER_PERCENT) return 'danger';
  if (percent > GAUGE_WARNING_PERCENT) return 'warning';
  return 'normal';
}
