// kiln-sdk loads its wasm core from a .wasm file beside the module that imports it
// (`new URL('./kiln_core.wasm', import.meta.url)`). `vite build` copies that file into the
// output by itself; the dev server's dependency pre-bundling would move the module away from the
// file, so the package is served as it is installed instead.
export default {
  optimizeDeps: { exclude: ['kiln-sdk'] },
};
