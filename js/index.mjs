// kiln-sdk: fast, compact, code-generation-free serialization, byte-compatible with the C++ core.
// The runtime only; the generated codecs of the benchmark workloads are kiln-sdk/workloads.
export {
  Codec, KilnError, DEFAULT_LIMITS, serialize, serializeView, serializeInto, deserialize,
} from './runtime/index.mjs';
export { loadCore } from './core.mjs';
export { inspect, fieldIdOf } from './runtime/inspect.mjs';
