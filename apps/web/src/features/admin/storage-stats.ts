import type { AdminStorageRow } from '@hearth/protocol';
import { STORAGE_NEAR_LIMIT_PERCENT } from '@hearth/protocol/admin-rules';
import { STORAGE_DANGER_PERCENT, STORAGE_WARNING_PERCENT } from '@hearth/protocol/account-rules';

const GIB = 1024 ** 3;

export interface StorageCounts {
  /** All users' storage in GB, one decimal ('1.5'). */
  totalGb: string;
  users: number;
  /** Users above 90 % of their limit. */
  nearLimit: number;
  /** The mean of the users' percentages, one decimal ('12.3'). */
  averagePercent: string;
}

/** The Storage tab's counters (spec 3 §2): Total (GB), Users, Near Limit, Avg Usage. */
export function storageCounts(rows: readonly AdminStorageRow[]): StorageCounts {
  const bytes = rows.reduce((sum, r) => sum + r.storage_used, 0);
  const percentSum = rows.reduce((sum, r) => sum + r.storage_percentage, 0);
  return {
    totalGb: (bytes / GIB).toFixed(1),
    users: rows.length,
    nearLimit: rows.filter((r) => r.storage_percentage > STORAGE_NEAR_LIMIT_PERCENT).length,
    averagePercent: (rows.length ? percentSum / rows.length : 0).toFixed(1),
  };
}

export type UsageLevel = 'low' | 'medium' | 'high';

/** The usage bar's level (spec 3 §2): low up to 75 %, medium above 75, high above 90. */
export function usageLevel(percent: number): UsageLevel {
  if (percent > STORAGE_DANGER_PERCENT) return 'high';
  if (percent > STORAGE_WARNING_PERCENT) return 'medium';
  return 'low';
}

/** The bar's width in percent: never past the end, even for a user over their limit. */
export const barWidth = (percent: number) => Math.min(100, Math.max(0, percent));
