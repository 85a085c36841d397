// What the report's parts share: the workloads in order, how times, ratios and libraries are
// spelled, and which of Kiln's rows are headline rows.
// StructLarge (Struct with integers near their limits: the longest varints) runs natively and in
// the loop harness only.
export const WORKLOADS = ['Struct', 'Foo', 'Record', 'TestClass', 'Bulk', 'StructLarge'];
export const fmtNs = (ns) =>
  (ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} us` : `${ns.toFixed(1)} ns`);
export const ratio = (x) => (x >= 10 ? x.toFixed(0) : x >= 1 ? x.toFixed(1) : x.toFixed(2));
// Size ratios against a two-decimal goal: three decimals, so 0.316 is not shown as "0.32".
export const ratio3 = (x) => x.toFixed(3);
export const label = (r) => (r.mode && r.mode !== 'default' ? `${r.library} (${r.mode})` : r.library);

// Compatible-mode rows measure the cost of schema evolution, and view rows (strings read as views
// into the message) another way of reading; headlines and targets compare the schema-consistent,
// owning modes with the peers.
export const views = (r) => r.library === 'kiln' && r.mode?.endsWith('-views');
export const compatible = (r) => r.library === 'kiln' && (r.mode?.startsWith('compatible') || views(r));
// Messages without a header (the reader is given the writer's options) count for size only:
// times compare messages that say how to read them.
export const headerless = (r) => r.library === 'kiln' && r.mode?.endsWith('-noheader');
// Floors, not libraries: memcpy (Struct's fields copied) and a codec written by hand for each
// workload. They are kept out of the peers a target is judged against, except where it names them.
export const FLOORS = new Set(['memcpy', 'handwritten']);
export const headerBytes = (mode) => (mode.endsWith('-noheader') ? 0 : mode.endsWith('-nofingerprint') ? 3 : 7);
