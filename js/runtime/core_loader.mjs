// Loads a Kiln wasm core (the C++ decoder and encoder compiled with em++ for a fixed list of
// types) for checking messages with the exact C++ rules. The wasm binary ships as a .wasm file
// beside a small generated module that reads it (a file in Node, fetch() in a browser); its bytes
// are handed to the Emscripten factory, which therefore never builds a URL or fetches anything.
import { KilnError, invalid, CODES_BY_NUMBER } from './errors.mjs';
import { optionFlags } from './header.mjs';

export const NO_HEADER = 0x100; // wasm/module.hpp: a message without a header, read by the other bits

// The flag bits naming a codec's options to the core.
const coreFlags = (options) => optionFlags(options) | (options.header === false ? NO_HEADER : 0);

/**
 * Returns a loadCore() that loads the core once. `load` resolves to the two modules a build
 * writes (wasm/write_core.mjs): [Emscripten factory module, module whose default export resolves
 * to the wasm bytes].
 */
export function coreLoader(load) {
  let corePromise = null;
  return function loadCore() {
    corePromise ??= load().then(async ([{ default: createKilnCore }, { default: wasmBytes }]) => {
      const wasmBinary = await wasmBytes();
      // locateFile: the bytes are given, so the factory builds no URL of its own.
      return wrap(await createKilnCore({ wasmBinary, locateFile: (path) => path }));
    }).catch((error) => {
      corePromise = null; // a failed load (say, the .wasm fetch) is retried on the next call
      throw error;
    });
    return corePromise;
  };
}

function wrap(m) {
  const types = JSON.parse(m.typeTable());
  const indexOf = new Map(types.map((t, i) => [t.name, i]));

  function typeIndex(type) {
    const i = indexOf.get(type?.name);
    if (i === undefined) invalid('type', `one of the core's types (${[...indexOf.keys()].join(', ')})`, type);
    if (types[i].fingerprint !== type.fingerprint) {
      throw new KilnError('InvalidArgument', `the JS and wasm builds of ${type.name} differ`);
    }
    return i;
  }

  // Copies bytes into the module's reused input buffer; returns the length.
  function put(bytes) {
    if (!(bytes instanceof Uint8Array)) invalid('bytes', 'a Uint8Array', bytes);
    const ptr = m._kiln_input(bytes.length);
    m.HEAPU8.set(bytes, ptr); // read HEAPU8 after the call: memory may have grown
    return bytes.length;
  }

  function lastError(code) {
    let p = m._kiln_error_detail();
    const heap = m.HEAPU8;
    let end = p;
    while (heap[end] !== 0) end++;
    const detail = new TextDecoder().decode(heap.subarray(p, end));
    return new KilnError(CODES_BY_NUMBER[code] ?? `Error${code}`, detail, m._kiln_error_offset());
  }

  return {
    formatVersion: m.formatVersion(),
    types,
    /**
     * The C++ decoder's verdict on bytes as `type`: null if valid, else a KilnError. The options
     * are a reader's: they matter for a message without a header ({header: false, ...}).
     */
    validate(type, bytes, { validateUtf8 = true, ...options } = {}) {
      const i = typeIndex(type);
      const code = m._kiln_validate(i, put(bytes), coreFlags(options), validateUtf8 ? 1 : 0);
      return code === 0 ? null : lastError(code);
    },
    /**
     * Decodes bytes with the C++ decoder (a reader with `readOptions`) and encodes the value again
     * with the C++ encoder (a writer with `options`).
     */
    reencode(type, bytes, options = {}, readOptions = {}) {
      const i = typeIndex(type);
      const read = coreFlags(readOptions);
      const n = m._kiln_reencode(i, put(bytes), read, coreFlags(options));
      if (n < 0) throw lastError(m._kiln_validate(i, bytes.length, read, 1));
      const out = m._kiln_output();
      return m.HEAPU8.slice(out, out + n);
    },
    /** Bytes of wasm memory, to check that repeated calls do not grow it. */
    heapBytes() {
      return m.HEAPU8.length;
    },
  };
}
