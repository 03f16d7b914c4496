// Inside the app, `yoga-layout` (Ink's layout engine) is this object, filled in once its WebAssembly has loaded:
// `loadYoga()` starts that (src/ui/layout-engine.ts, which the app awaits before Ink first draws). The package's
// own index awaits the load at its top level, before anything else can run; started here instead, V8 compiles the
// WebAssembly off the main thread while the app goes on starting, and a command that never draws never loads it.
import loadYogaWasm from '../../node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js';
import wrapAssembly from '../../node_modules/yoga-layout/dist/src/wrapAssembly.js';

export * from '../../node_modules/yoga-layout/dist/src/generated/YGEnums.js';

const Yoga = {};
export default Yoga;

let loading;
export function loadYoga() {
  loading ??= loadYogaWasm().then((lib) => {
    Object.assign(Yoga, wrapAssembly(lib));
  });
  return loading;
}
