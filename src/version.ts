declare const __VERSION__: string | undefined;

/** Set by the bundler (scripts/build.mjs) and by vitest's define; `dev` when run from source. */
export const VERSION: string = typeof __VERSION__ === 'string' ? __VERSION__ : 'dev';
