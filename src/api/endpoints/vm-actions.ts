import { body, query } from '../openapi-types.js';
import type { Transport } from '../request.js';
import { seg } from '../request.js';
import { AckResponse } from '../schemas/common.js';
import { ConsoleRequestResponse, ConsoleUrlResponse } from '../schemas/console.js';
import { ackMessage, type CallOptions, vmPath } from './shared.js';

/**
 * Power actions are GETs but change state: never retried (a retried hard reboot is two reboots).
 * Each returns the service's message.
 */
export function vmActionEndpoints(t: Transport) {
  const action = (name: string) => (id: number, o?: CallOptions) =>
    t
      .request({
        method: 'GET',
        path: vmPath(id, name),
        schema: AckResponse,
        retry: false,
        signal: o?.signal,
      })
      .then(ackMessage);

  return {
    start: action('start'),
    stop: action('stop'),
    hardReboot: action('hard-reboot'),

    /** `retainIp` keeps the public IP while hibernated (query `retain_ip`). */
    hibernate: (id: number, o?: CallOptions & { retainIp?: boolean }) =>
      t
        .request({
          method: 'GET',
          path: vmPath(id, 'hibernate'),
          query: query('Hibernate_VM', { retain_ip: o?.retainIp }),
          schema: AckResponse,
          retry: false,
          signal: o?.signal,
        })
        .then(ackMessage),

    hibernateRestore: action('hibernate-restore'),

    /** The service takes the new flavor in a POST body (the spec's bare GET cannot say which flavor). */
    resize: (id: number, flavorName: string, o?: CallOptions) =>
      t
        .request({
          method: 'POST',
          path: vmPath(id, 'resize'),
          body: body('Resize_VM', { flavor_name: flavorName }),
          schema: AckResponse,
          retry: false,
          signal: o?.signal,
        })
        .then(ackMessage),

    /** Starts a console job; returns the path to request next (it names the job). */
    requestConsole: (id: number, o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: vmPath(id, 'request-console'),
          schema: ConsoleRequestResponse,
          retry: false,
          signal: o?.signal,
        })
        .then((r) => r.url),

    /** The VNC console URL of a console job (a read). */
    consoleUrl: (id: number, jobId: number | string, o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: vmPath(id, `console/${seg(jobId)}`),
          schema: ConsoleUrlResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => (typeof r.vnc_url === 'string' ? r.vnc_url : r.vnc_url.vnc_url)),
  };
}
