/** Provisioning profiles: saved VM configurations. */
import type { World } from '../world.js';
import { alreadyExists, invalid, requireName } from './errors.js';
import type { ProfileRecord } from './types.js';

const DATA_FIELDS: Record<string, 'string' | 'boolean' | 'integer'> = {
  environment_name: 'string',
  image_name: 'string',
  volume_name: 'string',
  create_bootable_volume: 'boolean',
  flavor_name: 'string',
  key_name: 'string',
  user_data: 'string',
  callback_url: 'string',
  assign_floating_ip: 'boolean',
  count: 'integer',
};

function checkData(data: Record<string, unknown>): void {
  for (const [k, type] of Object.entries(DATA_FIELDS)) {
    const v = data[k];
    if (v === undefined || v === null) continue;
    const ok = type === 'integer' ? Number.isInteger(v) : typeof v === type;
    if (!ok) throw invalid(`data.${k} must be ${type === 'integer' ? 'an integer' : `a ${type}`}.`);
  }
}

export function createProfile(
  world: World,
  input: { name: string; description: string; data: Record<string, unknown> },
): ProfileRecord {
  requireName('name', input.name, 50);
  if (input.description.length > 150) throw invalid('description must be at most 150 characters.');
  checkData(input.data);
  for (const p of world.profiles.values()) {
    if (p.name === input.name) throw alreadyExists(`A profile named "${input.name}" already exists.`);
  }
  const p: ProfileRecord = { id: world.nextId('profile'), ...input, createdAt: world.now() };
  world.profiles.set(p.id, p);
  return p;
}
