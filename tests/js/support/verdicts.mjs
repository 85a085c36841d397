// Verdicts of the JS decoders and of the C++ decoder (the wasm core) on the same bytes, and the
// damaged inputs they are compared on.
import assert from 'node:assert/strict';
import { KilnError } from '../../../js/index.mjs';

/** { value } when read() returns, { error } when it throws a KilnError; anything else fails. */
export function verdict(read) {
  try {
    return { value: read() };
  } catch (e) {
    assert.ok(e instanceof KilnError, `not a KilnError: ${e?.stack}`);
    return { error: e };
  }
}

/** The KilnError fn throws; fails when it returns or throws anything else. */
export function thrown(fn) {
  const v = verdict(fn);
  if (!v.error) assert.fail('accepted');
  return v.error;
}

/** Calls check(bad, where) for every proper prefix of bytes and every single-bit flip of them;
 *  returns how many inputs it made. */
export function eachCutAndFlip(bytes, check) {
  for (let n = 0; n < bytes.length; n++) check(bytes.subarray(0, n), `${n} bytes`);
  for (let i = 0; i < bytes.length; i++) {
    for (let bit = 0; bit < 8; bit++) {
      const bad = bytes.slice();
      bad[i] ^= 1 << bit;
      check(bad, `byte ${i} bit ${bit}`);
    }
  }
  return bytes.length * 9;
}

/**
 * Decodes every cut and flip of `bytes` with `codec` as `type`, and asserts the C++ decoder's
 * verdict on each (core.validate(cppType, ...): the same code and offset); where both accept,
 * the JS value re-encoded with `plain` is the core's re-encoding (`plain` and `reencode` the same
 * options). Returns how many inputs it checked.
 */
export function assertCoreVerdicts(core, { codec, type, cppType = type, plain, reencode }, bytes, label) {
  return eachCutAndFlip(bytes, (bad, where) => {
    where = `${label}, ${where}`;
    const js = verdict(() => codec.deserialize(type, bad));
    const cpp = core.validate(cppType, bad);
    if (cpp) {
      assert.ok(js.error, `${where}: C++ rejects (${cpp.message}) but JS accepts`);
      assert.equal(`${js.error.code} at ${js.error.offset}`, `${cpp.code} at ${cpp.offset}`,
        `${where}: ${js.error.message} vs ${cpp.message}`);
    } else {
      assert.ok(!js.error, `${where}: C++ accepts but JS rejects: ${js.error?.message}`);
      assert.deepStrictEqual(plain.serialize(type, js.value), core.reencode(cppType, bad, reencode), where);
    }
  });
}
