import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { vm } from '../fixtures/api/vm.js';
import { describeCall, recordingTransport } from '../fixtures/fake-transport.js';

/** A service that paginates `total` VMs, `cap` at most per page (it may cap below what is asked). */
function paginatingService(total: number, opts: { cap?: number; count?: boolean; pageSize?: boolean } = {}) {
  return recordingTransport((spec) => {
    const page = Number(spec.query?.page ?? 1);
    const size = Math.min(Number(spec.query?.pageSize ?? 20), opts.cap ?? Number.POSITIVE_INFINITY);
    const ids = Array.from({ length: total }, (_, i) => i + 1).slice((page - 1) * size, page * size);
    return {
      status: true,
      message: 'ok',
      page,
      ...(opts.pageSize === false ? {} : { page_size: size }),
      ...(opts.count === false ? {} : { count: total }),
      instances: ids.map((id) => vm(id)),
    };
  });
}

const ids = (vms: { id: number }[]) => vms.map((v) => v.id);

describe('vms.listAll', () => {
  it('follows pages until count is reached, as retryable reads with the same filters', async () => {
    const { transport, calls } = paginatingService(5);
    const all = await createApi(transport).vms.listAll({ pageSize: 2, search: 'vm', environment: 'prod' });
    expect(ids(all)).toEqual([1, 2, 3, 4, 5]);
    expect(calls.map(describeCall)).toEqual(
      [1, 2, 3].map((page) => ({
        method: 'GET',
        path: '/core/virtual-machines',
        query: { page, pageSize: 2, search: 'vm', environment: 'prod' },
        retry: true,
      })),
    );
  });

  it('stops on a short page when the service sends no count', async () => {
    const { transport, calls } = paginatingService(5, { count: false });
    const all = await createApi(transport).vms.listAll({ pageSize: 3 });
    expect(ids(all)).toEqual([1, 2, 3, 4, 5]);
    expect(calls).toHaveLength(2);
  });

  it('keeps going when the service silently caps the page size below what was asked (count known)', async () => {
    const { transport, calls } = paginatingService(5, { cap: 2, pageSize: false });
    const all = await createApi(transport).vms.listAll({ pageSize: 10 });
    expect(ids(all)).toEqual([1, 2, 3, 4, 5]);
    expect(calls).toHaveLength(3);
  });

  it('judges a short page by the page size the service reports (no count)', async () => {
    const { transport, calls } = paginatingService(5, { cap: 2, count: false });
    const all = await createApi(transport).vms.listAll({ pageSize: 10 });
    expect(ids(all)).toEqual([1, 2, 3, 4, 5]);
    expect(calls).toHaveLength(3);
  });

  it('makes one request when the service does not paginate (no pagination fields)', async () => {
    const { transport, calls } = recordingTransport(() => ({
      status: true,
      message: 'ok',
      instances: [1, 2, 3].map((id) => vm(id)),
    }));
    const all = await createApi(transport).vms.listAll({ pageSize: 2 });
    expect(ids(all)).toEqual([1, 2, 3]);
    expect(calls).toHaveLength(1);
  });

  it('stops when a page brings nothing new (the service ignores `page`)', async () => {
    const { transport, calls } = recordingTransport(() => ({
      status: true,
      page: 1,
      page_size: 2,
      instances: [vm(1), vm(2)],
    }));
    const all = await createApi(transport).vms.listAll({ pageSize: 2 });
    expect(ids(all)).toEqual([1, 2]);
    expect(calls).toHaveLength(2);
  });

  it('is bounded by maxPages', async () => {
    const { transport, calls } = paginatingService(1000);
    const all = await createApi(transport).vms.listAll({ pageSize: 10, maxPages: 3 });
    expect(all).toHaveLength(30);
    expect(calls).toHaveLength(3);
  });

  it('stops between pages when the signal fires, with an aborted ApiError', async () => {
    const ctl = new AbortController();
    const { transport, calls } = recordingTransport((spec) => {
      if (spec.query?.page === 2) ctl.abort();
      return {
        status: true,
        page: spec.query?.page,
        page_size: 1,
        count: 9,
        instances: [vm(Number(spec.query?.page))],
      };
    });
    const err = await createApi(transport)
      .vms.listAll({ pageSize: 1, signal: ctl.signal })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).kind).toBe('aborted');
    expect(calls).toHaveLength(2);
    expect(calls.every((c) => c.signal === ctl.signal)).toBe(true);
  });
});
