/** The environment name of a key pair (the spec sends a name, the service an object). */
export function keypairEnvName(kp: {
  environment?: string | { name: string } | null | undefined;
}): string | undefined {
  const e = kp.environment;
  if (e === null || e === undefined) return undefined;
  return typeof e === 'string' ? e : e.name;
}
