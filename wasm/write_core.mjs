// Build step: writes a wasm core's three files side by side: the Emscripten ES module (the
// factory), the wasm binary, and a small ES module whose default export loads that binary.
//   usage: node write_core.mjs IN.mjs IN.wasm OUT.mjs OUT_LOADER.mjs OUT.wasm
// The package hands the bytes to the factory ({ wasmBinary }, js/runtime/core_loader.mjs), so
// the factory never builds a URL of its own; the loader module is the one place that names the
// .wasm, as `new URL('./<name>.wasm', import.meta.url)`: the form bundlers (Vite, webpack 5)
// recognise as an asset, copying the file into their output and rewriting the URL.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';

const [inJs, inWasm, outJs, outLoader, outWasm] = process.argv.slice(2);
if (!outWasm) {
  console.error('usage: node write_core.mjs IN.mjs IN.wasm OUT.mjs OUT_LOADER.mjs OUT.wasm');
  process.exit(2);
}
const name = basename(outWasm);
if (!/^[\w.-]+\.wasm$/.test(name)) throw new Error(`write_core.mjs: unexpected wasm file name ${name}`);

// The loader always passes locateFile, so the factory's fallback `new URL('x.wasm',
// import.meta.url)` is never taken; dropping it keeps bundlers from looking for a file named
// after the CMake target (the loader module names the shipped one).
const js = readFileSync(inJs, 'utf8').replace(
  /new URL\(("[^"]+\.wasm"),import\.meta\.url\)\.toString\(\)/g,
  '$1',
);
writeFileSync(outJs, js);
writeFileSync(outWasm, readFileSync(inWasm));
chmodSync(outWasm, 0o644); // a data file (em++ leaves its output executable)
writeFileSync(outLoader, `// Generated at build time by wasm/write_core.mjs: loads ${name}, the wasm binary of this
// Kiln core, from beside this module, and resolves to its bytes (a Uint8Array) for the core loader
// to hand to the Emscripten factory. Nothing here compiles or evaluates code. The URL below (a
// relative path against import.meta.url) is the form bundlers such as Vite and webpack 5 recognise
// as an asset: they copy the file into their output and rewrite the URL. Without a bundler, serve
// this folder as static files.

// A variable, not a literal, so that bundlers for the browser do not try to resolve node:fs.
const NODE_FS = 'node:fs';

export default async function wasmBytes() {
  const url = new URL('./${name}', import.meta.url);
  let bytes;
  let servedAs = '';
  if (url.protocol === 'file:') {
    // Node (and Deno, Bun): read the file. process.getBuiltinModule (Node >= 20.16) needs no import.
    const fs = globalThis.process?.getBuiltinModule?.('node:fs') ??
      (await import(/* @vite-ignore */ /* webpackIgnore: true */ NODE_FS));
    const file = await fs.promises.readFile(url);
    bytes = new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
  } else {
    let response;
    try {
      response = await fetch(url);
    } catch (e) {
      throw new Error(\`Kiln: could not fetch the wasm core \${url}: \${e?.message ?? e}\`, { cause: e });
    }
    if (!response.ok) {
      throw new Error(\`Kiln: could not fetch the wasm core \${url}: HTTP \${response.status} \${response.statusText}\`.trimEnd());
    }
    servedAs = \` (served as \${response.headers.get('content-type') ?? 'no content type'})\`;
    bytes = new Uint8Array(await response.arrayBuffer());
  }
  // A wasm binary starts with \\0asm; anything else (a dev server's fallback HTML page, say) is
  // reported here rather than as a compile error.
  if (bytes[0] !== 0x00 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d) {
    throw new Error(\`Kiln: \${url} is not a WebAssembly binary\${servedAs}: the wasm core is not at that URL\`);
  }
  return bytes;
}
`);
