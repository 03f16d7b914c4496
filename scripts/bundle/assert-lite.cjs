// node:assert in the bundle. Its only users in the app are undici, which calls assert(value[, message]) on its
// own invariants, and signal-exit (Ink's exit hook), which calls assert.equal on its arguments. Node's module
// loads four of its own with it (its AssertionError, call tracker, comparisons: ~2 ms of every start). These throw
// the same kind of error (code ERR_ASSERTION); test/unit/assert-lite.test.ts holds the bundle to those two uses.
'use strict';

function assert(value, message) {
  if (value) return;
  if (message instanceof Error) throw message;
  const error = new Error(message ?? 'The expression evaluated to a falsy value');
  error.name = 'AssertionError';
  error.code = 'ERR_ASSERTION';
  throw error;
}
assert.ok = assert;
// biome-ignore lint/suspicious/noDoubleEquals: Node's assert.equal is loose equality
assert.equal = (actual, expected, message) => assert(actual == expected, message);
module.exports = assert;
