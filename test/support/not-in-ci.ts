// Replaces the `is-in-ci` package for Ink in the tests (vitest.config.ts): the tests draw what the app draws on a
// terminal (scripts/bundle/is-in-ci.mjs), also when CI=true and the test runner's stdout is not a terminal.
export default false;
