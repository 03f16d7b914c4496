// Inside the app, `yoga-layout` is the instance src/boot.ts loaded and passes in as `__hsYoga` (a parameter of the
// function the app is compiled as): its WebAssembly loads with a top-level await, which a function body cannot hold.
/* global __hsYoga */
export default __hsYoga;
export * from '../../node_modules/yoga-layout/dist/src/generated/YGEnums.js';
