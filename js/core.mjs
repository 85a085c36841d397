// The wasm core of the package: the C++ decoder and encoder compiled with em++ for the workload
// types, for checking messages with the exact C++ rules ("what would the C++ side say about
// these bytes?"). Loaded once, on demand; the wasm is embedded in the module file, so nothing is
// fetched from the network or the disk.
import { coreLoader } from './runtime/core_loader.mjs';

/** Loads the wasm core (once). Resolves to an object with validate() and reencode(). */
export const loadCore = coreLoader(() =>
  Promise.all([import('./generated/kiln_core.mjs'), import('./generated/kiln_core_wasm.mjs')]),
);
