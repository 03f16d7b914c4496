/**
 * Whether the service has a typed name free (its *_name_availability reads), asked as a create form is submitted,
 * before the create: one request per distinct name (and count) while the form is open, not one per keystroke. A
 * taken name refuses the submit with the service's words on the name field, where the create's own refusal goes.
 * A check that fails lets the create go: the service refuses a taken name there too.
 */
import type { Api } from '../../api/client.js';
import { ApiError } from '../../api/errors.js';
import type { ActionDeps } from './mutate.js';

type Availability = { available: boolean; message: string };

/** A check for one form: `check(deps, name)` resolves when the name is free, rejects when it is taken. */
export function nameCheck(
  what: string,
  ask: (api: Api, name: string, count: number) => Promise<Availability>,
  field = 'name',
): (deps: ActionDeps, name: string, count?: number) => Promise<void> {
  const answers = new Map<string, Promise<string | undefined>>();
  return async (deps, name, count = 1) => {
    const key = `${count}\u0000${name}`;
    let answer = answers.get(key);
    if (!answer) {
      answer = ask(deps.api, name, count).then(
        (r) => (r.available ? undefined : r.message || `a ${what} named ${name} already exists`),
        () => {
          answers.delete(key); // asked again at the next submit
          return undefined;
        },
      );
      answers.set(key, answer);
    }
    const taken = await answer;
    if (taken)
      throw new ApiError({
        kind: 'envelope',
        method: 'GET',
        path: `name-availability/${name}`,
        status: 200,
        serviceMessage: taken,
        fieldErrors: { [field]: [taken] },
      });
  };
}
