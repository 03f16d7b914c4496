/**
 * The service's enum values in words. A value the app knows reads as its word (the value itself first, so it
 * can be searched for); one it does not know is shown as the service wrote it and marked unknown, never hidden
 * or mapped to a wrong word.
 */

export const UNKNOWN_MARK = '(a value unknown to the app)';

/** The words for `value`, or the value as written and marked unknown; undefined when there is none. */
export function wordFor(
  value: string | null | undefined,
  words: Readonly<Record<string, string>>,
): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  return words[value] ?? `${value} ${UNKNOWN_MARK}`;
}

/** An environment's `features.green_status` (Environment_Features' enum). */
export const GREEN_STATUS: Readonly<Record<string, string>> = {
  GREEN: 'GREEN (renewable energy)',
  PARTIALLY_GREEN: 'PARTIALLY_GREEN (partly renewable energy)',
  NOT_GREEN: 'NOT_GREEN',
};

/** A VM's `port_randomization_status`: the one value the real service is known to send. */
export const PORT_RANDOMIZATION_STATUS: Readonly<Record<string, string>> = {
  NO_FLOATING_IP: 'NO_FLOATING_IP: no effect until it has a public IP',
};

/** A VM's port randomization and its status: "on (NO_FLOATING_IP: no effect until it has a public IP)". */
export function portRandomizationText(on: boolean | null | undefined, status: string | null | undefined) {
  const state = on === true ? 'on' : on === false ? 'off' : undefined;
  const why = wordFor(status, PORT_RANDOMIZATION_STATUS);
  if (state === undefined) return why;
  return why ? `${state} (${why})` : state;
}

/** `requires_public_ip` in words. */
export function needsPublicIpText(v: boolean | null | undefined): string | undefined {
  return v === true ? 'yes' : v === false ? 'no' : undefined;
}
