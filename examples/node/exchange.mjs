// Node side of the exchange with examples/native (kiln_exchange): serializes a Record and a Foo
// with the `kiln-sdk` package, writes them to files, reads them back, and reads the files the C++
// program wrote, checking every value.
//   node examples/node/exchange.mjs DIR
// Inside this repository `kiln-sdk` resolves to the package itself (js/, an npm workspace of the
// root package.json); in your project, `npm install kiln-sdk`.
import { readFile, writeFile, access } from 'node:fs/promises';
import { join } from 'node:path';
import { deepStrictEqual } from 'node:assert/strict';
import { Codec, KilnError } from 'kiln-sdk';
import { Foo, Record } from 'kiln-sdk/workloads';

const dir = process.argv[2] ?? '.';
const codec = new Codec({ compressNumbers: true }); // smaller numbers; readers need no option

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

async function write(name, type, value) {
  const bytes = codec.serialize(type, value);
  await writeFile(join(dir, name), bytes);
  console.log(`node: wrote ${name} (${bytes.length} bytes)`);
}

async function read(name, type, expected) {
  const value = type.deserialize(await readFile(join(dir, name))); // throws KilnError if malformed
  // Maps decode to objects with no prototype (so a key such as "__proto__" is just a key).
  deepStrictEqual({ ...value, f4: { ...value.f4 } }, expected, `${name} holds other values than expected`);
  console.log(`node: read ${name}: f1=${value.f1} f2=${JSON.stringify(value.f2)}, ` +
    `${value.f3.length} strings, ${Object.keys(value.f4).length} map entries: as expected`);
}

await write('node-record.kiln', Record, nodeRecord);
await write('node-foo.kiln', Foo, nodeFoo);
await read('node-record.kiln', Record, nodeRecord); // our own files read back
await read('node-foo.kiln', Foo, nodeFoo);

const haveNative = await access(join(dir, 'native-record.kiln')).then(() => true, () => false);
if (haveNative) {
  await read('native-record.kiln', Record, nativeRecord);
  await read('native-foo.kiln', Foo, nativeFoo);
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
