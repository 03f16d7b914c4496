/** The routes of a callback URL, a VM's or a volume's: attach and update answer the URL now set; delete. */

import type { OperationId } from '../../api/openapi-types.js';
import type { Operation } from '../../api/operation.js';
import { type OperationRequest, type RouteDef, serve } from '../route.js';
import type { World } from '../world.js';
import { body, ok, reqStr } from './body.js';

/** What the routes do to what they find: set its callback URL anew or change it (the world refuses), take it off. */
export interface CallbackChanges<T> {
  attach(world: World, target: T, url: string): void;
  update(world: World, target: T, url: string): void;
  remove(world: World, target: T): void;
}

export function callbackRoutes<P extends string, T>(
  ops: {
    attach: Operation<OperationId, P>;
    update: Operation<OperationId, P>;
    remove: Operation<OperationId, P>;
  },
  find: (req: OperationRequest<P>, world: World) => T,
  change: CallbackChanges<T>,
): RouteDef[] {
  const set = (how: 'attach' | 'update', message: string) => (req: OperationRequest<P>, world: World) => {
    const target = find(req, world);
    const url = reqStr(body(req), 'url');
    change[how](world, target, url);
    return ok(message, { url });
  };
  return [
    serve(ops.attach, { handle: set('attach', 'Callback attached successfully.') }),
    serve(ops.update, { handle: set('update', 'Callback updated successfully.') }),
    serve(ops.remove, {
      handle: (req, world) => {
        change.remove(world, find(req, world));
        return ok('Callback deleted successfully.');
      },
    }),
  ];
}
