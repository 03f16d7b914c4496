/** The spans of metrics the service offers (GET /core/virtual-machines/{id}/metrics?duration=…), and their hours. */
export const METRIC_HOURS = {
  '1h': 1,
  '2h': 2,
  '4h': 4,
  '6h': 6,
  '12h': 12,
  '1d': 24,
  '3d': 72,
  '7d': 168,
  '15d': 360,
  '30d': 720,
} as const;

export type MetricDuration = keyof typeof METRIC_HOURS;

export const METRIC_DURATIONS = Object.keys(METRIC_HOURS) as readonly MetricDuration[];
