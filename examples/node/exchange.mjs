// Node side of the exchange with examples/native (kiln_exchange): declares the C++ program's
// types in JavaScript with the `kiln-sdk` package (no C++ toolchain needed), writes messages to
// files, reads them back, and reads the files the C++ program wrote, checking every value.
// Record and Foo travel in schema-consistent mode; Person in compatible mode, in two versions:
// each side reads the other's version.
//   node examples/node/exchange.mjs DIR
// Inside this repository `kiln-sdk` resolves to the package itself (js/, an npm workspace of the
// root package.json); in your project, `npm install kiln-sdk`.
import { readFile, writeFile, access } from 'node:fs/promises';
import { join } from 'node:path';
import { deepStrictEqual } from 'node:assert/strict';
import { Codec, KilnError, struct, i32, i64, u32, f64, string, vector, map, optional } from 'kiln-sdk';

// The C++ structs, field for field: the same wire names, field names and types, so the same bytes
// and the same fingerprint.
const fields = { f1: i32, f2: string, f3: vector(string), f4: map(string, i64) };
const Record = struct('Record', fields);
const Foo = struct('Foo', fields);
// Version 1 of Person, and version 2 (fields reordered, two added, `age` dropped).
const Person = struct('Person', { id: u32, name: string, tags: vector(string), age: i32 });
const PersonV2 = struct('Person', {
  name: string, id: u32, email: optional(string), tags: vector(string), scores: map(string, f64),
});

const dir = process.argv[2] ?? '.';
const codec = new Codec({ compressNumbers: true }); // smaller numbers; readers need no option
const compatible = new Codec({ compatible: true }); // the type table travels with the message

// What this program writes; examples/native/exchange.cpp checks it. int64 fields are BigInt.
const nodeRecord = { f1: -123456, f2: 'from Node \u{1F680}', f3: ['js', 'bigint'], f4: { a: -(2n ** 40n), b: 0n } };
const nodeFoo = { f1: 2147483647, f2: '', f3: ['x'], f4: { only: 9007199254740993n } };

// What the C++ program writes.
const nativeRecord = {
  f1: 42, f2: 'from C++ \u00e9', f3: ['native', '', '\u4e2d\u6587'], f4: { max: 2n ** 63n - 1n, neg: -5n },
};
const nativeFoo = {
  f1: -7, f2: 'foo', f3: ['item0', 'item1', 'item2', 'item3', 'item4'],
  f4: { k0: 1n, k1: 4096n, k2: 16777216n, k3: 68719476736n, k4: 281474976710656n },
};

async function write(name, type, value, writer = codec) {
  const bytes = writer.serialize(type, value);
  await writeFile(join(dir, name), bytes);
  console.log(`node: wrote ${name} (${bytes.length} bytes)`);
}

async function read(name, type, expected) {
  const value = type.deserialize(await readFile(join(dir, name))); // throws KilnError if malformed
  // Maps with string keys decode to plain objects (a key such as "__proto__" is just a key).
  deepStrictEqual(value, expected, `${name} holds other values than expected`);
  console.log(`node: read ${name}: ${'f1' in value ? `f1=${value.f1} f2=${JSON.stringify(value.f2)}` : `id=${value.id} name=${value.name}`}: as expected`);
}

// Person v1 and v2 as this program writes them; exchange.cpp reads them with its other version.
const nodePerson = { id: 3, name: 'Alan', tags: ['logic'], age: 41 };
const nodePersonV2 = { name: 'Barbara', id: 4, email: null, tags: ['clu'], scores: { design: 10 } };

await write('node-record.kiln', Record, nodeRecord);
await write('node-foo.kiln', Foo, nodeFoo);
await write('node-person.kiln', Person, nodePerson, compatible);
await write('node-person-v2.kiln', PersonV2, nodePersonV2, compatible);
await read('node-record.kiln', Record, nodeRecord); // our own files read back
await read('node-foo.kiln', Foo, nodeFoo);
await read('node-person-v2.kiln', PersonV2, nodePersonV2);

const haveNative = await access(join(dir, 'native-record.kiln')).then(() => true, () => false);
if (haveNative) {
  await read('native-record.kiln', Record, nativeRecord);
  await read('native-foo.kiln', Foo, nativeFoo);
  // Across versions: the newer version reads the older one's message (the fields it lacks take
  // their defaults) and the older one reads the newer (the fields it does not know are skipped).
  await read('native-person.kiln', PersonV2,
    { name: 'Ada', id: 1, email: null, tags: ['math', 'engines'], scores: {} });
  await read('native-person-v2.kiln', Person, { id: 2, name: 'Grace', tags: ['navy'], age: 0 });
} else {
  console.log('node: no native-record.kiln here: run `kiln_exchange write DIR` first to read C++ output');
}

// A damaged file is reported with the problem and its byte offset, never a crash.
try {
  Record.deserialize((await readFile(join(dir, 'node-record.kiln'))).subarray(0, 12));
} catch (e) {
  if (!(e instanceof KilnError)) throw e;
  console.log(`node: a truncated file is rejected: ${e.code} at byte ${e.offset}`);
}
