// Bundles the npm package's ES modules (js/) into js/dist/ with esbuild:
//   runtime.cjs    the runtime, the schema constructors, inspect and loadCore as one CommonJS
//                  module, shared by
//   kiln.cjs       the `require('kiln-sdk')` entry, and
//   workloads.cjs  the `require('kiln-sdk/workloads')` entry (one runtime, one set of codecs);
//   node.cjs       the `require('kiln-sdk/node')` entry (stream.Transforms on the same runtime);
//   kiln.mjs       the runtime as one ES module, for a page that imports it by path (no bundler,
//                  no import map: a strict Content-Security-Policy allows neither inline scripts
//                  nor bare specifiers).
// None of them contains the wasm core: the two generated core modules (js/generated/kiln_core*.mjs)
// stay separate files that every entry loads with a dynamic import() on the first loadCore(), so
// the package ships the core once. esbuild keeps import() of an external module as import() in
// CommonJS output, which Node (>= 12) runs from a CommonJS module.
//   usage: node scripts/bundle.mjs
import { build } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = resolve(dirname(fileURLToPath(import.meta.url)), '../js');
const dist = join(pkg, 'dist');
const CORE = /[/\\]generated[/\\]kiln_core(_wasm)?\.mjs$/;

const specifier = (from, to) => {
  const rel = relative(from, to).split(sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
};

// The core modules become externals, imported by their path relative to the output folder; with
// `shared`, the modules runtime.cjs holds become imports of runtime.cjs.
function externals({ shared = false } = {}) {
  const toRuntime = new Set(['runtime/index.mjs', 'runtime/schema/index.mjs', 'runtime/inspect.mjs', 'runtime/stream/index.mjs',
    'core.mjs']
    .map((f) => join(pkg, f)));
  return {
    name: 'kiln-externals',
    setup(b) {
      b.onResolve({ filter: /^\./ }, (args) => {
        const path = resolve(args.resolveDir, args.path);
        if (CORE.test(path)) return { path: specifier(dist, path), external: true };
        if (shared && toRuntime.has(path)) return { path: './runtime.cjs', external: true };
        return undefined;
      });
    },
  };
}

const common = {
  bundle: true, logLevel: 'error', legalComments: 'none', target: 'es2022', charset: 'utf8',
  // Minified (class and function names kept, for stack traces and `Codec.name`): the package
  // must stay under 200 KB packed. The ES modules beside dist/ are the readable source.
  minify: true, keepNames: true,
};
const cjs = { ...common, format: 'cjs', platform: 'node' };

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
await Promise.all([
  build({
    ...cjs,
    stdin: {
      contents: "export * from './runtime/index.mjs';\n" +
        "export * from './runtime/schema/index.mjs';\n" +
        "export { inspect, fieldIdOf } from './runtime/inspect.mjs';\n" +
        "export * from './runtime/stream/index.mjs';\n" +
        "export { loadCore } from './core.mjs';\n",
      resolveDir: pkg,
      sourcefile: 'runtime.cjs',
    },
    outfile: join(dist, 'runtime.cjs'),
    plugins: [externals()],
  }),
  build({ ...cjs, entryPoints: [join(pkg, 'index.mjs')], outfile: join(dist, 'kiln.cjs'), plugins: [externals({ shared: true })] }),
  build({ ...cjs, entryPoints: [join(pkg, 'workloads.mjs')], outfile: join(dist, 'workloads.cjs'), plugins: [externals({ shared: true })] }),
  build({ ...cjs, entryPoints: [join(pkg, 'node.mjs')], outfile: join(dist, 'node.cjs'), plugins: [externals({ shared: true })] }),
  build({
    ...common,
    format: 'esm',
    platform: 'neutral',
    entryPoints: [join(pkg, 'index.mjs')],
    outfile: join(dist, 'kiln.mjs'),
    plugins: [externals()],
  }),
]);
