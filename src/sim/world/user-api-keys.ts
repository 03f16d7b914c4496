/**
 * The user's API keys (/api-key): generated (the whole key answered once), renamed, deleted. A key generated here
 * authenticates requests to the simulator until it is deleted (server.ts asks `apiKeyOwner`), so rotating a key
 * can be tried end to end: generate, use the new one, delete the old one.
 */
import { randomUUID } from 'node:crypto';
import type { World } from '../world.js';
import type { ApiKeyRecord } from './account-types.js';
import { alreadyExists, notFound, requireName } from './errors.js';

/** GenerateUpdateApiKeyPayload: name 1 to 200 characters. */
function checkName(world: World, name: string, self?: ApiKeyRecord): void {
  requireName('name', name, 200);
  for (const k of world.apiKeys.values())
    if (k !== self && k.name === name) throw alreadyExists(`An API key named "${name}" already exists.`);
}

export function requireApiKey(world: World, id: number): ApiKeyRecord {
  const k = world.apiKeys.get(id);
  if (!k) throw notFound(`API key with id ${id} not found.`);
  return k;
}

export function generateApiKey(world: World, name: string, description: string | undefined): ApiKeyRecord {
  checkName(world, name);
  const key: ApiKeyRecord = {
    id: world.nextId('apiKey'),
    name,
    description: description ?? '',
    key: randomUUID(),
    createdAt: world.now(),
  };
  world.apiKeys.set(key.id, key);
  return key;
}

export function updateApiKey(
  world: World,
  k: ApiKeyRecord,
  name: string,
  description: string | undefined,
): ApiKeyRecord {
  checkName(world, name, k);
  k.name = name;
  if (description !== undefined) k.description = description;
  return k;
}

/**
 * The key as a list shows it: the service's reference says the console shows only a masked form once the key is
 * made; the exact mask of the API's list is not documented, so the simulator keeps the last 4 characters and
 * nothing the app relies on (it never shows a listed key).
 */
export function maskedKey(key: string): string {
  return `****${key.slice(-4)}`;
}

/** The key's record when `key` is one of the generated keys still alive. */
export function apiKeyOwner(world: World, key: string): ApiKeyRecord | undefined {
  for (const k of world.apiKeys.values()) if (k.key === key) return k;
  return undefined;
}
