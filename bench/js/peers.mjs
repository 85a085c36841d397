// The JavaScript libraries measured against Kiln, each set up for one workload:
// make(workload, sample) -> { ser(obj) -> bytes, de(bytes) -> obj }.
import { createRequire } from 'node:module';
import * as kiln from '../../js/index.mjs';

const require = createRequire(import.meta.url);

function kilnPeer(compressNumbers) {
  const codec = new kiln.Codec({ compressNumbers });
  return (workload) => {
    const type = kiln[workload];
    return { ser: (o) => codec.serialize(type, o), de: (b) => codec.deserialize(type, b) };
  };
}

const avroSchemas = () => {
  const foo = { type: 'record', name: 'Foo', fields: [
    { name: 'f1', type: 'int' }, { name: 'f2', type: 'string' },
    { name: 'f3', type: { type: 'array', items: 'string' } },
    { name: 'f4', type: { type: 'map', values: 'long' } }] };
  const fields = [];
  for (let i = 1; i <= 12; i++) fields.push({ name: `f${i}`, type: ['int', 'long', 'float', 'double'][(i - 1) % 4] });
  return { Struct: { type: 'record', name: 'Struct', fields }, Foo: foo, Record: foo,
    Bulk: { type: 'array', items: foo } };
};

function furyTypes(Type) {
  const fooFields = { f1: Type.int32(), f2: Type.string(), f3: Type.array(Type.string()),
    f4: Type.map(Type.string(), Type.int64()) };
  const structFields = {};
  for (let i = 1; i <= 12; i++) {
    structFields[`f${i}`] = [Type.int32(), Type.int64(), Type.float(), Type.double()][(i - 1) % 4];
  }
  return { Struct: Type.object('kilnbench.Struct', structFields),
    Foo: Type.object('kilnbench.Foo', fooFields), Record: Type.object('kilnbench.Record', fooFields),
    Bulk: Type.object('kilnbench.Bulk', { items: Type.array(Type.object('kilnbench.BulkFoo', fooFields)) }) };
}

export const PEERS = {
  'kiln (fixed)': kilnPeer(false),
  'kiln (compressed)': kilnPeer(true),
  // No schema: kiln.serialize / kiln.deserialize on the same plain objects as JSON and msgpackr.
  'kiln (generic)': () => ({ ser: (o) => kiln.serialize(o), de: (b) => kiln.deserialize(b) }),
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
  avsc: (workload) => {
    const avro = require('avsc');
    const t = avro.Type.forSchema(avroSchemas()[workload]);
    return { ser: (o) => t.toBuffer(o), de: (b) => t.fromBuffer(b) };
  },
  '@furyjs/fury': (workload) => {
    const { default: Fury, Type } = require('@furyjs/fury');
    const fury = new Fury({ refTracking: false });
    const { serialize, deserialize } = fury.registerSerializer(furyTypes(Type)[workload]);
    // Fury takes int64 as BigInt: its sample objects are converted once, outside the timing.
    const big = (o) => ({ ...o, f4: new Map(Object.entries(o.f4).map(([k, v]) => [k, BigInt(v)])) });
    const prepare = {
      Struct: (o) => ({ ...o, f2: BigInt(o.f2), f6: BigInt(o.f6), f10: BigInt(o.f10) }),
      Foo: big, Record: big, Bulk: (o) => ({ items: o.map(big) }),
    }[workload];
    const unwrap = workload === 'Bulk' ? (v) => v.items : (v) => v;
    return { prepare, ser: (o) => serialize(o), de: (b) => unwrap(deserialize(b)) };
  },
};
