/** The kubeconfig an ACTIVE cluster hands out (fake credentials, real structure). */
import type { World } from '../world.js';
import type { ClusterRecord } from './types.js';

function pseudoBase64(seed: number, length: number): string {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let x = seed >>> 0 || 1;
  let s = '';
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    s += abc[(x >>> 0) % 64];
  }
  return s;
}

export function kubeConfigFor(world: World, c: ClusterRecord): string {
  const user = `${c.name}-admin`;
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '- cluster:',
    `    certificate-authority-data: LS0tLS1CRUdJTi${pseudoBase64(world.seed + c.id, 64)}`,
    `    server: https://${c.apiAddress}:6443`,
    `  name: ${c.name}`,
    'contexts:',
    '- context:',
    `    cluster: ${c.name}`,
    `    user: ${user}`,
    `  name: ${user}@${c.name}`,
    `current-context: ${user}@${c.name}`,
    'users:',
    `- name: ${user}`,
    '  user:',
    `    token: ${pseudoBase64(world.seed * 31 + c.id, 40)}`,
    '',
  ].join('\n');
}
