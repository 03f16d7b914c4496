/** A volume's callback URL: where the service posts the actions done on it (attach, detach …). */
import { invalid, notFound } from './errors.js';
import type { VolumeRecord } from './types.js';
import { checkCallbackUrl } from './vm-extras.js';

export function attachVolumeCallback(v: VolumeRecord, url: string): void {
  checkCallbackUrl(url);
  if (v.callbackUrl)
    throw invalid(`Volume ${v.name} already has a callback URL; change it with update-callback.`);
  v.callbackUrl = url;
}

export function updateVolumeCallback(v: VolumeRecord, url: string): void {
  checkCallbackUrl(url);
  if (!v.callbackUrl) throw notFound(`Volume ${v.name} has no callback URL to update.`);
  v.callbackUrl = url;
}

export function deleteVolumeCallback(v: VolumeRecord): void {
  if (!v.callbackUrl) throw notFound(`Volume ${v.name} has no callback URL.`);
  v.callbackUrl = null;
}
