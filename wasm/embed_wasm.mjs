// Build step: copies an Emscripten ES module next to a module that holds its wasm as base64, so
// the package hands the bytes to the factory ({ wasmBinary }) and nothing is ever fetched: no
// file path in Node, and no data: URL that a Content-Security-Policy would block.
//   usage: node embed_wasm.mjs IN.mjs IN.wasm OUT.mjs OUT_WASM.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const [inJs, inWasm, outJs, outWasm] = process.argv.slice(2);
// The loader always passes locateFile, so the factory's fallback `new URL('x.wasm',
// import.meta.url)` is never taken; dropping it keeps bundlers (Vite, esbuild) from looking for
// a .wasm file that the package does not ship.
const js = readFileSync(inJs, 'utf8').replace(
  /new URL\(("[^"]+\.wasm"),import\.meta\.url\)\.toString\(\)/g,
  '$1',
);
writeFileSync(outJs, js);
const b64 = readFileSync(inWasm).toString('base64');
writeFileSync(
  outWasm,
  '// Generated at build time: the wasm binary of the Kiln core, base64-encoded.\n' +
    `export default ${JSON.stringify(b64)};\n`,
);
