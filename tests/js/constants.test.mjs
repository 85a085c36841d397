// The constants js/runtime shares with the C++ core are the core's: error codes and their texts,
// header flags and layout, generic-value tags and typed-array kinds, default limits (decode and
// frames), the storage measure of the allocation budget, compatible mode's type codes, the
// wasm module's header-less flag. Names and values, in both directions: a constant on one side only
// fails. The C++ side is js/generated/cpp_constants.json, written at build time by a program
// compiled against the core (wasm/jsgen/constants.cpp; enumerators and Limits' fields found by
// reflection). Each JS name is the C++ name respelled: kFlagNoFingerprint -> FLAG_NO_FINGERPRINT,
// value tag kBigInt -> T_BIG_INT, max_depth -> maxDepth.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as errors from '../../js/runtime/errors.mjs';
import * as header from '../../js/runtime/header.mjs';
import * as valueTags from '../../js/runtime/value_tags.mjs';
import * as reader from '../../js/runtime/reader.mjs';
import * as coreLoader from '../../js/runtime/core_loader.mjs';
import * as frame from '../../js/runtime/stream/frame.mjs';
import * as storage from '../../js/runtime/storage.mjs';
import * as typeTable from '../../js/runtime/type_table.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tablePath = join(root, 'js/generated/cpp_constants.json');
assert.ok(existsSync(tablePath), `${tablePath} is missing: run scripts/build.sh wasm`);
const cpp = JSON.parse(readFileSync(tablePath, 'utf8'));

// kShortHeaderBytes -> SHORT_HEADER_BYTES
const upperSnake = (kName) => kName.replace(/^k/, '').replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
const camel = (snake) => snake.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
const numbersOf = (module) => Object.fromEntries(Object.entries(module).filter(([, v]) => typeof v === 'number'));
const numbersAndStrings = (module) =>
  Object.fromEntries(Object.entries(module).filter(([, v]) => typeof v === 'number' || typeof v === 'string'));
const table = (entries, jsName) => Object.fromEntries(entries.map((e) => [jsName(e.name), e.value]));

test('error codes: the same names in the same order, and the same texts', () => {
  const codes = cpp.errorCodes;
  assert.deepEqual(codes.map((c) => c.value), codes.map((_, i) => i), 'C++ ErrorCode values are 0..n-1');
  assert.deepEqual(errors.CODES_BY_NUMBER, codes.map((c) => c.name.replace(/^k/, '')),
    'CODES_BY_NUMBER (js/runtime/errors.mjs) is ErrorCode in order');
  assert.deepEqual(errors.CODE_NAMES, Object.fromEntries(codes.filter((c) => c.value !== 0)
    .map((c) => [c.name.replace(/^k/, ''), c.text])), 'CODE_NAMES (js/runtime/errors.mjs) are error_code_name()');
});

test('message header: flags, magic, version and lengths', () => {
  const flags = table(cpp.headerFlags, upperSnake);
  const layout = table(cpp.header, upperSnake);
  // Every flag the C++ reader supports is a flag JS knows; JS has no constant for the set itself.
  const all = Object.values(flags).reduce((a, b) => a | b, 0);
  assert.equal(layout.SUPPORTED_FLAGS, all, 'kSupportedFlags is every flag');
  delete layout.SUPPORTED_FLAGS;
  assert.deepEqual(numbersOf(header), { ...flags, ...layout }, 'js/runtime/header.mjs');
});

test('generic values: tags, typed-array kinds and the fingerprint', () => {
  const tags = table(cpp.valueTags, (name) => `T_${upperSnake(name)}`);
  assert.deepEqual(numbersOf(valueTags), { ...tags, VALUE_FINGERPRINT: cpp.valueFingerprint },
    'js/runtime/value_tags.mjs');
  assert.equal(cpp.typedKinds.length, cpp.typedKindCount, 'kTypedKindCount counts TypedKind');
  assert.deepEqual(valueTags.TYPED_KINDS.map((c, kind) => [kind, c.name, c.BYTES_PER_ELEMENT]),
    cpp.typedKinds.map((k) => [k.value, `${k.name.replace(/^k/, '')}Array`, k.bytes]),
    'TYPED_KINDS (js/runtime/value_tags.mjs) is TypedKind in order, with element_bytes()');
});

test('default limits and the allocation budget', () => {
  assert.deepEqual({ ...reader.DEFAULT_LIMITS }, table(cpp.limits, camel), 'DEFAULT_LIMITS is Limits{}');
  assert.deepEqual(numbersOf(reader), table(cpp.allocBudget, upperSnake), 'js/runtime/reader.mjs');
  assert.deepEqual({ maxFrameBytes: frame.DEFAULT_MAX_FRAME_BYTES }, table(cpp.frameLimits, camel),
    'DEFAULT_MAX_FRAME_BYTES is FrameLimits{}');
});

test('the storage measure of the allocation budget', () => {
  assert.deepEqual(numbersOf(storage), table(cpp.storage, upperSnake), 'js/runtime/storage.mjs');
});

test('compatible mode: type codes, the base-field marker and the type-text cap', () => {
  const codes = table(cpp.typeCodes, upperSnake); // kStruct -> STRUCT
  const { BASE_MARKER, TYPE_TEXT_MAX, ...jsCodes } = numbersAndStrings(typeTable);
  assert.deepEqual(jsCodes, codes, 'the type codes of js/runtime/type_table.mjs are TypeCode');
  const t = table(cpp.typeTable, upperSnake);
  assert.deepEqual([t.FIRST_CODE, t.LAST_CODE], [Math.min(...Object.values(codes)), Math.max(...Object.values(codes))]);
  assert.equal(BASE_MARKER.charCodeAt(0), t.BASE_MARKER);
  assert.equal(BASE_MARKER.length, 1);
  assert.equal(TYPE_TEXT_MAX, table(cpp.typeText, upperSnake).TYPE_TEXT_MAX);
});

test('the wasm module flag for a message without a header', () => {
  assert.deepEqual(numbersOf(coreLoader), table(cpp.wasmModule, upperSnake), 'js/runtime/core_loader.mjs');
});

// The groups of plain constants are listed by hand in wasm/jsgen/constants.cpp: each list must
// hold every constant its header declares.
test('the table lists every constant declared next to the ones it lists', () => {
  const sources = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (/\.(hpp|h)$/.test(e.name)) sources.push(join(dir, e.name));
    }
  };
  walk(join(root, 'core/kiln'));
  walk(join(root, 'wasm'));
  const declared = (text) => new Set([...text.matchAll(/(?:inline|static)\s+constexpr\s+[\w:]+\s+(k[A-Z]\w*)\s*=/g)]
    .map((m) => m[1]));
  for (const group of ['header', 'valueTags', 'allocBudget', 'storage', 'typeTable', 'typeText', 'wasmModule']) {
    const listed = new Set(cpp[group].map((e) => e.name));
    const first = cpp[group][0].name;
    const files = sources.filter((f) => declared(readFileSync(f, 'utf8')).has(first));
    assert.equal(files.length, 1, `one header declares ${first}: ${files.join(', ')}`);
    const text = readFileSync(files[0], 'utf8');
    assert.deepEqual([...declared(text)].sort(), [...listed].sort(),
      `the constants of ${files[0].slice(root.length)} are the "${group}" list of wasm/jsgen/constants.cpp`);
  }
});
