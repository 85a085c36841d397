// typedArrays: 'view': arrays of numbers whose wire bytes are their memory bytes decode as views
// into the message (bytes always; wider numbers where the offset is aligned for them), equal to
// the copies the default gives; a small message is then read in place, not from the shared
// scratch copy, so a view never changes under a later decode.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as kiln from '../../js/index.mjs';

const { Codec, KilnError, struct, vector, u8, i32, f64, string } = kiln;

const Blob = struct('Blob', { name: string, data: vector(u8), values: vector(f64), ints: vector(i32) });
const blob = { name: 'b', data: Uint8Array.of(0, 1, 0x80, 0xff), values: Float64Array.of(1.5, -0, NaN), ints: Int32Array.of(-1, 7) };
const inside = (a, bytes) => a.buffer === bytes.buffer && a.byteOffset >= bytes.byteOffset &&
  a.byteOffset + a.byteLength <= bytes.byteOffset + bytes.length;

test('views share the message; copies (the default) do not; both say the same', () => {
  const bytes = Blob.serialize(blob);
  const copy = new Codec().deserialize(Blob, bytes);
  const view = new Codec({ typedArrays: 'view' }).deserialize(Blob, bytes);
  assert.deepEqual(view, copy);
  assert.deepEqual([...view.data], [...blob.data]);
  assert.ok(inside(view.data, bytes));
  assert.ok(!inside(copy.data, bytes) && !inside(copy.values, bytes));
  bytes[view.data.byteOffset - bytes.byteOffset] = 42; // a view: the message's bytes show through
  assert.equal(view.data[0], 42);
  assert.equal(copy.data[0], 0);
});

test('a wider number array is viewed where aligned, else copied', () => {
  const bytes = Blob.serialize(blob);
  let views = 0;
  let copies = 0;
  for (let shift = 0; shift < 8; shift++) {
    const buffer = new ArrayBuffer(bytes.length + 8);
    const moved = new Uint8Array(buffer, shift, bytes.length);
    moved.set(bytes);
    const v = Blob.deserialize(moved, { typedArrays: 'view' });
    assert.equal(v.values.length, 3);
    assert.ok(Object.is(v.values[1], -0) && Number.isNaN(v.values[2]) && v.ints[0] === -1);
    if (inside(v.values, moved)) views++;
    else copies++;
    assert.equal(inside(v.values, moved), v.values.byteOffset % 8 === 0 && v.values.buffer === buffer);
    assert.ok(inside(v.data, moved));
  }
  assert.equal(views, 1);
  assert.equal(copies, 7);
});

test('a later decode does not change an earlier view (no shared scratch)', () => {
  const codec = new Codec({ typedArrays: 'view' });
  const first = codec.deserialize(Blob, Blob.serialize(blob));
  codec.deserialize(Blob, Blob.serialize({ ...blob, data: Uint8Array.of(9, 9, 9, 9) }));
  assert.deepEqual([...first.data], [0, 1, 0x80, 0xff]);
});

test('typedArrays takes copy or view; anything else is an error', () => {
  assert.throws(() => new Codec({ typedArrays: 'shared' }), (e) => e instanceof KilnError && e.code === 'InvalidArgument');
  assert.throws(() => Blob.deserialize(Blob.serialize(blob), { typedArrays: true }), (e) => e instanceof KilnError && e.code === 'InvalidArgument');
  assert.deepEqual(Blob.deserialize(Blob.serialize(blob), { typedArrays: 'copy' }).ints, Int32Array.of(-1, 7));
});

test('every cut of the message: the same verdict with views as with copies', () => {
  const bytes = Blob.serialize(blob, { compressNumbers: true });
  const codecs = [new Codec({ compressNumbers: true }), new Codec({ compressNumbers: true, typedArrays: 'view' })];
  for (let n = 0; n < bytes.length; n++) {
    const [a, b] = codecs.map((c) => {
      try {
        c.deserialize(Blob, bytes.subarray(0, n));
        return 'accepted';
      } catch (e) {
        return `${e.code}@${e.offset}`;
      }
    });
    assert.equal(b, a, `cut at ${n}`);
  }
});

test('number arrays of every element type and of 0 to 20 elements copy their exact bits', () => {
  // Small integer arrays are filled element by element, larger ones and floats copied as bytes:
  // both must give the stored bits back, sign, wrap and NaN payloads included.
  const { i8, i16, u16, u32, i64, u64, f32 } = kiln;
  const types = { i8, u8, i16, u16, i32, u32, i64, u64, f32, f64 };
  for (const [name, element] of Object.entries(types)) {
    const S = struct(`Arr_${name}`, { a: vector(element), tail: u8 });
    for (let n = 0; n <= 20; n++) {
      const bytesPer = { i8: 1, u8: 1, i16: 2, u16: 2, f32: 4, i32: 4, u32: 4 }[name] ?? 8;
      const raw = new Uint8Array(n * bytesPer);
      for (let i = 0; i < raw.length; i++) raw[i] = (i * 151 + n * 7 + 0x7f) & 0xff;
      if (name === 'f32' || name === 'f64') {
        // Keep floats finite except one NaN with a payload, which only a byte copy keeps.
        for (let i = bytesPer - 1; i < raw.length; i += bytesPer) raw[i] = 0x3f;
        if (n > 0) raw[bytesPer - 1] = 0x7f;
      }
      const Type = S.fields?.a?.typedArray ?? element.typedArray;
      const value = { a: new Type(raw.buffer), tail: 9 };
      const bytes = S.serialize(value);
      const back = S.deserialize(bytes);
      assert.ok(back.a instanceof Type, `${name} x ${n}`);
      assert.deepEqual(new Uint8Array(back.a.buffer, back.a.byteOffset, back.a.byteLength), raw, `${name} x ${n}`);
      assert.equal(back.tail, 9);
      assert.deepEqual(S.deserialize(bytes, { typedArrays: 'view' }), back);
    }
  }
});
