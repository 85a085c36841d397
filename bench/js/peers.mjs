// The JavaScript libraries measured against Kiln, each set up for one workload:
// make(workload, sample) -> { ser(obj) -> bytes, de(bytes) -> obj }.
import { createRequire } from 'node:module';
import * as kiln from '../../js/index.mjs';
import * as workloads from '../../js/workloads.mjs';
import * as schemas from '../../tests/workloads/schemas.mjs';

const require = createRequire(import.meta.url);

// int64: 'number' gives back the same objects the peers do (numbers, not BigInts); the
// 'compressed-bigint' row measures the default, exact BigInts.
// TestClass is written as Kiln's C++ benchmark writes it: reference tracking (one shared object)
// and shared strings.
// Kiln's rows write with serializeView, the no-copy call for bytes used before the next call (a
// round trip, a socket write), as msgpackr's pack returns a view of its own buffer; the '-owned'
// rows use serialize, whose result owns exactly its bytes: the cost of that copy (an ArrayBuffer
// of its own for every message, which V8 allocates off its heap above 64 bytes).
// The 'schema' row: the same types declared in JavaScript (kiln-sdk's struct, i32, ...) instead
// of generated from C++.
function kilnPeer(compressNumbers, int64 = 'number', owned = false, types = workloads) {
  const codec = new kiln.Codec({ compressNumbers, int64 });
  const graphCodec = new kiln.Codec({ compressNumbers, int64, trackReferences: true, shareStrings: true });
  return (workload) => {
    const type = types[workload];
    const c = workload === 'TestClass' ? graphCodec : codec;
    const ser = owned ? (o) => c.serialize(type, o) : (o) => c.serializeView(type, o);
    return { ser, de: (b) => c.deserialize(type, b) };
  };
}
function kilnGeneric(owned) {
  return (workload) => {
    const options = { trackReferences: workload === 'TestClass' };
    const ser = owned ? (o) => kiln.serialize(o, options) : (o) => kiln.serializeView(o, options);
    return { ser, de: (b) => kiln.deserialize(b) };
  };
}

const avroSchemas = () => {
  const foo = { type: 'record', name: 'Foo', fields: [
    { name: 'f1', type: 'int' }, { name: 'f2', type: 'string' },
    { name: 'f3', type: { type: 'array', items: 'string' } },
    { name: 'f4', type: { type: 'map', values: 'long' } }] };
  const fields = [];
  for (let i = 1; i <= 12; i++) fields.push({ name: `f${i}`, type: ['int', 'long', 'float', 'double'][(i - 1) % 4] });
  const base = { type: 'record', name: 'TestBaseClass', fields: [
    { name: 'm_byte', type: 'int' }, { name: 'm_short', type: 'int' }, { name: 'm_long', type: 'long' },
    { name: 'm_float', type: 'float' }, { name: 'm_double', type: 'double' }, { name: 'm_char', type: 'int' },
    { name: 'm_boolean', type: 'boolean' }, { name: 'm_int', type: 'int' }, { name: 'm_string', type: 'string' },
    { name: 'm_ints', type: { type: 'array', items: 'int' } },
    { name: 'm_strings', type: { type: 'array', items: 'string' } }] };
  // Avro has no shared objects: m_object2 is written again.
  const testClass = { type: 'record', name: 'TestClass', fields: [
    { name: 'TestBaseClass', type: base }, { name: 'm_int', type: 'int' },
    { name: 'm_object1', type: 'TestBaseClass' }, { name: 'm_object2', type: 'TestBaseClass' },
    { name: 'm_objects', type: { type: 'array', items: 'TestBaseClass' } }] };
  return { Struct: { type: 'record', name: 'Struct', fields }, Foo: foo, Record: foo,
    TestClass: testClass, Bulk: { type: 'array', items: foo } };
};

// The Fury type of one workload (built on demand: one Fury instance per workload).
function furyType(Type, workload) {
  const fooFields = () => ({ f1: Type.int32(), f2: Type.string(), f3: Type.array(Type.string()),
    f4: Type.map(Type.string(), Type.int64()) });
  const structFields = () => {
    const fields = {};
    for (let i = 1; i <= 12; i++) fields[`f${i}`] = [Type.int32(), Type.int64(), Type.float(), Type.double()][(i - 1) % 4];
    return fields;
  };
  const testClass = () => {
    const base = Type.object('kilnbench.TestBaseClass', {
      m_byte: Type.int8(), m_short: Type.int16(), m_long: Type.int64(), m_float: Type.float(),
      m_double: Type.double(), m_char: Type.int16(), m_boolean: Type.bool(), m_int: Type.int32(),
      m_string: Type.string(), m_ints: Type.array(Type.int32()), m_strings: Type.array(Type.string()) });
    return Type.object('kilnbench.TestClass', { TestBaseClass: base, m_int: Type.int32(),
      m_object1: base, m_object2: base, m_objects: Type.array(base) });
  };
  return {
    Struct: () => Type.object('kilnbench.Struct', structFields()),
    Foo: () => Type.object('kilnbench.Foo', fooFields()),
    Record: () => Type.object('kilnbench.Record', fooFields()),
    Bulk: () => Type.object('kilnbench.Bulk', { items: Type.array(Type.object('kilnbench.BulkFoo', fooFields())) }),
    TestClass: testClass,
  }[workload]();
}

// Code generated at build time that peers load as ES modules (bench/js/run.mjs fills it in
// before any peer is made): pbf's read/write functions for workloads.proto.
export const generated = {};

export const PEERS = {
  'kiln (fixed)': kilnPeer(false),
  'kiln (compressed)': kilnPeer(true),
  'kiln (compressed-bigint)': kilnPeer(true, 'bigint'),
  'kiln (fixed-owned)': kilnPeer(false, 'number', true),
  'kiln (schema)': kilnPeer(false, 'number', false, schemas),
  // No schema: kiln.serializeView / kiln.deserialize on the same plain objects as JSON and msgpackr.
  'kiln (generic)': kilnGeneric(false),
  'kiln (generic-owned)': kilnGeneric(true),
  JSON: () => ({ ser: (o) => JSON.stringify(o), de: (s) => JSON.parse(s), text: true }),
  msgpackr: () => {
    const { Packr } = require('msgpackr');
    const p = new Packr({ useRecords: false });
    return { ser: (o) => p.pack(o), de: (b) => p.unpack(b) };
  },
  'msgpackr (shared structures)': () => {
    const { Packr } = require('msgpackr');
    const p = new Packr({ structures: [] });
    return { ser: (o) => p.pack(o), de: (b) => p.unpack(b) };
  },
  // Keeps shared objects and cycles, as Kiln does with reference tracking.
  'msgpackr (structured clone)': () => {
    const { Packr } = require('msgpackr');
    const p = new Packr({ structuredClone: true });
    return { ser: (o) => p.pack(o), de: (b) => p.unpack(b) };
  },
  '@msgpack/msgpack': () => {
    const { encode, decode } = require('@msgpack/msgpack');
    return { ser: (o) => encode(o), de: (b) => decode(b) };
  },
  'cbor-x': () => {
    const { Encoder } = require('cbor-x');
    const e = new Encoder({ useRecords: false });
    return { ser: (o) => e.encode(o), de: (b) => e.decode(b) };
  },
  'protobufjs (static)': (workload) => {
    const pb = require(process.env.KILN_BENCH_PB);
    const M = pb.kilnbench[workload === 'Record' ? 'Foo' : workload];
    if (workload === 'Bulk') {
      return { ser: (o) => M.encode({ items: o }).finish(), de: (b) => M.decode(b).items };
    }
    return { ser: (o) => M.encode(o).finish(), de: (b) => M.decode(b) };
  },
  // pbf's compiled read/write functions, used as its README shows (a new PbfWriter per message).
  'pbf (compiled)': (workload) => {
    const { PbfReader, PbfWriter } = generated.pbfRuntime;
    const name = workload === 'Record' ? 'Foo' : workload;
    const read = generated.pbf[`read${name}`];
    const write = generated.pbf[`write${name}`];
    const ser = (o) => {
      const w = new PbfWriter();
      write(o, w);
      return w.finish();
    };
    const de = (b) => read(new PbfReader(b));
    if (workload === 'Bulk') return { ser: (o) => ser({ items: o }), de: (b) => de(b).items };
    return { ser, de };
  },
  avsc: (workload) => {
    const avro = require('avsc');
    const t = avro.Type.forSchema(avroSchemas()[workload]);
    return { ser: (o) => t.toBuffer(o), de: (b) => t.fromBuffer(b) };
  },
  '@furyjs/fury': (workload) => {
    const { default: Fury, Type } = require('@furyjs/fury');
    // Reference tracking for TestClass only, so its shared object is written once.
    const fury = new Fury({ refTracking: workload === 'TestClass' });
    const { serialize, deserialize } = fury.registerSerializer(furyType(Type, workload));
    // Fury takes int64 as BigInt: its sample objects are converted once, outside the timing.
    const big = (o) => ({ ...o, f4: new Map(Object.entries(o.f4).map(([k, v]) => [k, BigInt(v)])) });
    const prepare = {
      Struct: (o) => ({ ...o, f2: BigInt(o.f2), f6: BigInt(o.f6), f10: BigInt(o.f10) }),
      Foo: big, Record: big, Bulk: (o) => ({ items: o.map(big) }),
      TestClass: (o) => {
        const seen = new Map(); // converts the shared object once, so it stays shared
        const b = (x) => seen.get(x) ?? seen.set(x, { ...x, m_long: BigInt(x.m_long) }).get(x);
        return { ...o, TestBaseClass: b(o.TestBaseClass), m_object1: b(o.m_object1),
          m_object2: b(o.m_object2), m_objects: o.m_objects.map(b) };
      },
    }[workload];
    const unwrap = workload === 'Bulk' ? (v) => v.items : (v) => v;
    return { prepare, ser: (o) => serialize(o), de: (b) => unwrap(deserialize(b)) };
  },
};
