/**
 * One resource's operations, loaded when first called: its endpoints and zod schemas are not compiled, nor the
 * schemas built, until something asks for that resource (a start builds the first screen's alone). Every operation
 * returns a promise, so a call can wait for its code: `lazyOperations(() => import('./endpoints/vms.js').then((m) =>
 * m.vmEndpoints(t)))` stands for `vmEndpoints(t)`, nested namespaces (`auth.invites.list`) included. Once loaded,
 * a call goes straight through, as it would without this.
 */

/** The most arguments an operation takes (test/unit/api-lazy.test.ts checks every one). */
export const MAX_ARGS = 4;

type Operation = (a?: unknown, b?: unknown, c?: unknown, d?: unknown) => unknown;
type Namespace = Record<string, unknown>;

export function lazyOperations<T extends object>(load: () => Promise<T>): T {
  let loaded: Namespace | undefined;
  let loading: Promise<Namespace> | undefined;
  const call = (ns: Namespace, path: readonly string[], args: unknown[]) => {
    let owner = ns;
    for (const key of path.slice(0, -1)) owner = owner[key] as Namespace;
    const operation = owner[path[path.length - 1] as string] as Operation;
    return operation.call(owner, args[0], args[1], args[2], args[3]);
  };
  const member = (path: readonly string[]): unknown =>
    new Proxy(() => {}, {
      // `then` is never an operation: a namespace handed to a promise must not look like one.
      get: (_fn, key) => (typeof key === 'string' && key !== 'then' ? member([...path, key]) : undefined),
      apply: (_fn, _self, args: unknown[]) => {
        if (args.length > MAX_ARGS) {
          return Promise.reject(new Error(`${path.join('.')}: more than ${MAX_ARGS} arguments`));
        }
        if (loaded) return call(loaded, path, args);
        loading ??= load().then((ns) => {
          loaded = ns as Namespace;
          return loaded;
        });
        return loading.then((ns) => call(ns, path, args));
      },
    });
  return new Proxy({} as T, {
    get: (_ns, key) => (typeof key === 'string' && key !== 'then' ? member([key]) : undefined),
  });
}
