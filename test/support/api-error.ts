import { expect } from 'vitest';
import { ApiError } from '../../src/api/errors.js';

/** Awaits a promise that must reject with an ApiError, and returns it. */
export async function apiError(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected the call to fail with an ApiError, but it succeeded');
}
