// The wasm core of the package: the C++ decoder and encoder compiled with em++ for the workload
// types, for checking messages with the exact C++ rules ("what would the C++ side say about
// these bytes?"). Loaded once, on demand, by importing the two generated modules: the Emscripten
// factory and kiln_core_wasm.mjs, which reads generated/kiln_core.wasm from beside itself (a file
// in Node, fetch() in a browser). Every entry of the package (these ES modules, the CommonJS
// bundles and the single-file dist/kiln.mjs) imports these same files.
import { coreLoader } from './runtime/core_loader.mjs';

/** Loads the wasm core (once). Resolves to an object with validate() and reencode(). */
export const loadCore = coreLoader(() =>
  Promise.all([import('./generated/kiln_core.mjs'), import('./generated/kiln_core_wasm.mjs')]),
);
