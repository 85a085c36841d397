// The JS reader builds strings three ways: short ASCII in JS, longer ASCII (in Node) as slices of
// a Latin-1 window over the message, and short non-ASCII by a JS UTF-8 decoder. Each must give
// exactly TextDecoder's string, and reject exactly what a fatal TextDecoder rejects, at the same
// offset, wherever the string sits in the message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Codec, KilnError } from '../../js/index.mjs';
import { Bulk } from '../../js/workloads.mjs';
import { shortUtf8 } from '../../js/runtime/reader.mjs';

const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const reference = (bytes) => {
  try {
    return fatal.decode(bytes);
  } catch {
    return null;
  }
};

test('the JS UTF-8 decoder agrees with a fatal TextDecoder on every 1- to 3-byte input', () => {
  const b = new Uint8Array(3);
  let checked = 0;
  for (let x = 0; x < 256; x++) {
    b[0] = x;
    assert.equal(shortUtf8(b, 0, 1), reference(b.subarray(0, 1)), `${x}`);
    for (let y = 0; y < 256; y++) {
      b[1] = y;
      assert.equal(shortUtf8(b, 0, 2), reference(b.subarray(0, 2)), `${x} ${y}`);
      // Three bytes: every lead byte that starts a 3- or 4-byte sequence, and a sample of others.
      if (x < 0xe0 && (x + y) % 17 !== 0) continue;
      for (let z = 0; z < 256; z++) {
        b[2] = z;
        const got = shortUtf8(b, 0, 3);
        if (got !== reference(b)) assert.fail(`${x} ${y} ${z}: ${JSON.stringify(got)}`);
        checked++;
      }
    }
  }
  assert.ok(checked > 1e6, `${checked} three-byte inputs`);
});

test('the JS UTF-8 decoder agrees with a fatal TextDecoder on 4-byte sequences and mixed text', () => {
  const b = new Uint8Array(4);
  for (const lead of [0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xf8, 0xff]) {
    for (let y = 0x70; y < 0xd0; y++) {
      for (const z of [0x3f, 0x80, 0x9f, 0xbf, 0xc0]) {
        for (const w of [0x00, 0x80, 0xa5, 0xbf, 0xc0]) {
          b.set([lead, y, z, w]);
          assert.equal(shortUtf8(b, 0, 4), reference(b), `${lead} ${y} ${z} ${w}`);
        }
      }
    }
  }
  // Sequences cut short at the end of the range: never read past it.
  const emoji = new TextEncoder().encode('a😀é€');
  for (let n = 0; n <= emoji.length; n++) {
    assert.equal(shortUtf8(emoji, 0, n), reference(emoji.subarray(0, n)), `first ${n} bytes`);
  }
  const text = 'zoë – 价格 😀 ∑ \u0000 \u007f \u0080 \u07ff \u0800 \uffff \u{10000} \u{10ffff}';
  assert.equal(shortUtf8(new TextEncoder().encode(text), 0, new TextEncoder().encode(text).length), text);
});

// Foo values whose strings have every length from 0 to 70 bytes, ASCII and not, so that long
// ASCII strings fall on every position relative to the 4 KiB text windows.
function bulkWithStrings(items) {
  const out = [];
  let k = 0;
  for (let i = 0; i < items; i++) {
    const f3 = [];
    const f4 = {};
    for (let j = 0; j < 12; j++, k++) {
      const n = k % 71;
      let s = '';
      for (let c = 0; s.length < n; c++) s += String.fromCharCode(33 + ((k * 7 + c * 13) % 94));
      if (k % 9 === 0) s = `é${s}`;
      if (k % 23 === 0) s = `${s}😀`;
      f3.push(s);
      f4[`key ${k} ${s}`] = BigInt(k);
    }
    out.push({ f1: i, f2: `name-${i}-${'x'.repeat(i % 40)}`, f3, f4 });
  }
  return out;
}

test('strings of every length round-trip from messages copied and read in place', () => {
  const codec = new Codec();
  for (const items of [2, 3, 60]) {
    const value = bulkWithStrings(items);
    const bytes = codec.serialize(Bulk, value);
    assert.equal(bytes.length > 4096, items === 60, `${items} items: ${bytes.length} bytes`);
    assert.deepEqual(codec.deserialize(Bulk, bytes), value);
    // At an odd offset of a larger buffer, and with maps decoded as Map.
    const backing = new Uint8Array(bytes.length + 5);
    backing.set(bytes, 5);
    assert.deepEqual(codec.deserialize(Bulk, backing.subarray(5)), value);
    const asMaps = new Codec({ maps: 'map' }).deserialize(Bulk, bytes);
    assert.deepEqual(asMaps.map((f) => Object.fromEntries(f.f4)), value.map((f) => f.f4));
  }
});

test('long ASCII strings read right wherever the text windows of a large message fall', () => {
  // A window starts at the string it is made for; ASCII strings of 13 to 52 bytes after it, and
  // a shift of the first window by 0 to 70 bytes, make strings end just inside, at and just past
  // a window's end (each distance from 1 to 40 bytes past it is seen).
  const codec = new Codec();
  const value = [];
  for (let i = 0; i < 200; i++) {
    value.push({ f1: i, f2: 'x'.repeat(13 + (i % 40)), f3: ['abcdefghijklmnopqrstuvwxyz0123456789'], f4: {} });
  }
  value.push(...bulkWithStrings(20));
  for (let shift = 0; shift <= 70; shift++) {
    value[0].f2 = 'y'.repeat(shift);
    const bytes = codec.serialize(Bulk, value);
    assert.deepEqual(codec.deserialize(Bulk, bytes), value, `shift ${shift}`);
  }
});

test('strings decoded from a small message stay intact when later decodes reuse the copy buffer', () => {
  const codec = new Codec();
  const first = bulkWithStrings(3);
  const decoded = codec.deserialize(Bulk, codec.serialize(Bulk, first));
  const other = bulkWithStrings(3).map((f) => ({ ...f, f3: f.f3.map((s) => s.replace(/./gu, '#')) }));
  assert.deepEqual(codec.deserialize(Bulk, codec.serialize(Bulk, other)), other);
  assert.deepEqual(decoded, first);
});

test('invalid UTF-8 in a long or short string fails at the first invalid byte, copied or in place', () => {
  const codec = new Codec({ header: false });
  for (const items of [3, 60]) {
    const value = bulkWithStrings(items);
    const bytes = codec.serialize(Bulk, value);
    // Corrupt one byte inside several strings: an ASCII byte made 0xff, a lead byte's
    // continuation made ASCII.
    const probes = [];
    const enc = new TextEncoder();
    for (const needle of ['name-1-', 'é', '😀']) {
      const pat = enc.encode(needle);
      const at = bytes.findIndex((_, i) => pat.every((c, j) => bytes[i + j] === c));
      assert.ok(at > 0, needle);
      probes.push([at + pat.length - 1, needle === 'name-1-' ? 0xff : 0x41]);
    }
    for (const [at, byte] of probes) {
      const bad = bytes.slice();
      bad[at] = byte;
      // The fatal decoder's verdict on the corrupted string gives the offset: the lead byte of
      // the broken sequence (or the 0xff itself).
      const lead = byte === 0xff ? at : [at - 1, at - 2, at - 3].find((i) => bad[i] >= 0xc0);
      assert.throws(() => codec.deserialize(Bulk, bad),
        (e) => e instanceof KilnError && e.code === 'BadUtf8' && e.offset === lead,
        `${items} items, byte ${at}`);
    }
  }
});

test('a string that starts with U+FEFF keeps it, short or long, typed or schema-free', async () => {
  const { serialize, deserialize } = await import('../../js/index.mjs');
  const codec = new Codec();
  for (const s of ['\uFEFF', '\uFEFFé', `\uFEFF${'a'.repeat(40)}`, `\uFEFF${'é'.repeat(80)}`]) {
    const value = [{ f1: 1, f2: s, f3: [s], f4: { [s]: 1n } }];
    assert.deepEqual(codec.deserialize(Bulk, codec.serialize(Bulk, value)), value);
    assert.deepEqual(deserialize(serialize({ s })), { s });
  }
});
