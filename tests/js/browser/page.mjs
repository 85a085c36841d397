// Runs in the browser under a strict CSP: round-trips the workloads with the package, with the
// generated codecs and with the same types declared in JS (schema constructors: closures composed
// in the page, no code generated), compares with the golden vectors, and checks the bytes with the
// wasm core. Reports JSON into #result.
import { Codec, loadCore } from '/js/index.mjs';
import { Struct, Foo, Record } from '/js/workloads.mjs';
import * as declared from '/tests/workloads/schemas.mjs';

const violations = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective}: ${e.blockedURI}`));

const dict = (entries) => Object.assign(Object.create(null), Object.fromEntries(entries));
const values = {
  Struct: { f1: 10, f2: 123456788n, f3: Math.fround(1 / 5), f4: 1 / 7, f5: 11, f6: 123456789n,
    f7: Math.fround(2 / 5), f8: 2 / 7, f9: 12, f10: 123456788n, f11: Math.fround(3 / 5), f12: 3 / 7 },
  Foo: {
    f1: 100, f2: 'abc', f3: Array.from({ length: 20 }, (_, i) => `string${i}`),
    f4: dict(Array.from({ length: 20 }, (_, i) => [`key${i}`, BigInt(i)])),
  },
  Record: { f1: 10, f2: 'abc', f3: ['str1', 'str2'], f4: dict([['k1', 10n], ['k2', 20n]]) },
};
const types = { Struct, Foo, Record };
const files = { Struct: 'struct', Foo: 'foo', Record: 'record' };

// Deep equality with object keys compared as sets (a decoded map lists keys in wire order).
function canonical(v) {
  if (typeof v === 'bigint') return `${v}n`;
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical(v[k])]));
  }
  return v;
}
const same = (a, b) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

async function run() {
  const results = [];
  const core = await loadCore();
  for (const [name, kind] of Object.keys(types).flatMap((n) => [[n, 'generated'], [n, 'declared']])) {
    const type = kind === 'generated' ? types[name] : declared[name];
    for (const compress of [false, true]) {
      const codec = new Codec({ compressNumbers: compress });
      const bytes = codec.serialize(type, values[name]);
      const res = await fetch(`/tests/golden/${files[name]}_${compress ? 'compressed' : 'fixed'}.bin`);
      const golden = new Uint8Array(await res.arrayBuffer());
      const back = codec.deserialize(type, bytes);
      results.push({
        workload: name, kind, compress, bytes: bytes.length,
        golden: golden.length === bytes.length && golden.every((b, i) => b === bytes[i]),
        roundtrip: same(back, values[name]),
        core: core.validate(types[name], bytes) === null,
      });
    }
  }
  return { results, violations, userAgent: navigator.userAgent };
}

run().then(
  (r) => { document.getElementById('result').textContent = JSON.stringify(r); },
  (e) => { document.getElementById('result').textContent = JSON.stringify({ error: String(e && e.stack || e), violations }); },
);
