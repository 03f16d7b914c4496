/** Timestamps as the service sends them. */

/** Milliseconds since the epoch as an ISO 8601 string (UTC). */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
