// The TypeScript types of the schema constructors (js/runtime/schema/index.d.ts): tsc (strict)
// infers each schema's decoded and accepted values from its declaration, and rejects values of
// the wrong shape. The package is js/ itself, linked as node_modules/kiln-sdk of a temp project.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsc = join(root, 'node_modules/.bin/tsc');
let dir;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'kiln-schema-types-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(join(root, 'js'), join(dir, 'node_modules/kiln-sdk'), 'dir');
});

after(() => rmSync(dir, { recursive: true, force: true }));

/** Type-checks `source` as project `name`; returns tsc's exit status and its `file(line,col): error TSn` lines. */
function check(name, source) {
  const project = join(dir, name);
  mkdirSync(project);
  writeFileSync(join(project, 'index.mts'), source);
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, module: 'nodenext', types: [] }, files: ['index.mts'],
  }));
  const r = spawnSync(tsc, ['-p', '.'], { cwd: project, encoding: 'utf8' });
  return { status: r.status, output: r.stdout + r.stderr };
}

const imports = `import {
  Codec, Schema, struct, bool, i32, i64, u8, u32, u64, f64, char16, string, value, vector, array, set, map, optional,
  variant, tuple, enumeration, unique, shared, weak, type Infer, type InferInput, type KilnValue, type StructSchema,
} from 'kiln-sdk';
const bytes = new Uint8Array(0);
`;

const good = `${imports}
// The README's example: decoded and accepted values.
const Person = struct('Person', { id: u32, name: string, tags: vector(string), scores: map(string, f64), nick: optional(string) });
Person.serialize({ id: 1, name: 'a', tags: [], scores: {}, nick: null });
Person.serialize({ id: 1, name: 'a', tags: [], scores: new Map([['x', 1.5]]) }); // nick may be left out
const p = Person.deserialize(bytes);
const name: string = p.name;
const tags: string[] = p.tags;
const score: number | undefined = p.scores['x'];
const nick: string | null = p.nick;
type Person = Infer<typeof Person>;
const same: { id: number; name: string; tags: string[]; scores: { [key: string]: number }; nick: string | null } = p;
const back: Person = same;
const input: InferInput<typeof Person> = { id: 2, name: 'b', tags: ['t'], scores: { s: 1 } };
const codec = new Codec();
const viaCodec: Uint8Array = codec.serialize(Person, input);
const decoded: Person = codec.deserialize(Person, viaCodec);
const asMaps: Map<string, number> = new Codec({ maps: 'map' }).deserialize(Person, bytes).scores;
const asMaps2: Map<string, number> = Person.deserialize(bytes, { maps: 'map' }).scores;

// Recursive structs: the fields are a function, and the schema is annotated.
interface TreeNode { name: string; children: (TreeNode | null)[]; parent: TreeNode | null }
const TreeNode: StructSchema<'TreeNode', TreeNode> = struct('TreeNode', () => ({
  name: string, children: vector(shared(TreeNode)), parent: weak(TreeNode),
}));
const tree: TreeNode = TreeNode.deserialize(TreeNode.serialize({ name: 'root', children: [], parent: null }));
interface List { v: number; next: List | null }
const List: StructSchema<'List', List> = struct('List', () => ({ v: i32, next: unique(List) }));
List.serialize({ v: 1, next: { v: 2, next: null } });

// Variants, tuples, maps with non-string keys, sets, enumerations, kiln::Value.
const V = variant(i32, string, vector(f64));
const v = V.deserialize(V.serialize({ index: 1, value: 'x' }));
if (v.index === 0) { const n: number = v.value; }
else if (v.index === 1) { const s: string = v.value; }
else { const a: Float64Array = v.value; }
const T = tuple(i32, string, bool);
const t: [number, string, boolean] = T.deserialize(T.serialize([1, 'a', true]));
const M = map(i64, string);
const m: Map<bigint, string> = M.deserialize(M.serialize(new Map([[1n, 'a']])));
M.serialize(new Map([[2, 'b']])); // 64-bit integers accept numbers
const S = set(string);
const s: Set<string> = S.deserialize(S.serialize(new Set(['a'])));
const Color = enumeration('Color', u8);
const Big = enumeration('Big', u64);
const color: number = Color.deserialize(bytes);
const big: bigint = Big.deserialize(Big.serialize(3));
const Any = struct('Any', { any: value, maybe: optional(i64) });
const any: KilnValue = Any.deserialize(bytes).any;
Any.serialize({});
const maybe: number | null = Any.deserialize(bytes, { int64: 'number' }).maybe;

// Sequences of numbers are typed arrays (bool aside); they accept arrays too.
const F = vector(f64);
const floats: Float64Array = F.deserialize(F.serialize([1, 2]));
F.serialize(new Float64Array(2));
const int64s: BigInt64Array = vector(i64).deserialize(vector(i64).serialize([1n, 2]));
const chars: Uint16Array = array(char16, 3).deserialize(bytes);
const colors: Uint8Array = vector(Color).deserialize(bytes);
const bools: boolean[] = vector(bool).deserialize(vector(bool).serialize([true]));
const people: Person[] = vector(Person).deserialize(bytes);

// Bases (a property named after each base) and pointers.
const Base = struct('Base', { tag: string });
const Mid = struct('Mid', { level: u8 });
const Derived = struct('Derived', { id: u32, owner: unique(Base), friend: shared(Mid), back: weak(Mid) },
  { bases: [Base, Mid], ids: { id: 7 } });
const d = Derived.deserialize(bytes);
const tag: string = d.Base.tag;
const level: number = d.Mid.level;
const owner: { tag: string } | null = d.owner;
const wire: 'Derived' = Derived.name;
Derived.serialize({ Base: { tag: 'x' }, Mid: { level: 1 }, id: 2 });
const isSchema = (x: unknown): boolean => x instanceof Schema;
const fingerprint: number = Person.fingerprint;
`;

// Each line marked `// TSnnnn` must fail with that code, and nothing else may fail.
const bad = `${imports}
const Person = struct('Person', { id: u32, name: string, tags: vector(string), scores: map(string, f64), nick: optional(string) });
Person.serialize({ id: 'one', name: 'a', tags: [], scores: {} }); // TS2322
Person.serialize({ id: 1, tags: [], scores: {} }); // TS2345
new Codec().serialize(Person, { id: 1, name: 'a', tags: [1], scores: {} }); // TS2322
const p = Person.deserialize(bytes);
const n: number = p.name; // TS2322
const missing: Infer<typeof Person> = { id: 1, name: 'a', tags: [], scores: {} }; // TS2741
const V = variant(i32, string);
V.serialize({ index: 2, value: 'x' }); // TS2322
V.serialize({ index: 0, value: 'x' }); // TS2345
const t: [string, string] = tuple(i32, string).deserialize(bytes); // TS2322
const floats: number[] = vector(f64).deserialize(bytes); // TS2740
const keys: Map<string, string> = map(i64, string).deserialize(bytes); // TS2322
unique(i32); // TS2345
enumeration('E', f64); // TS2345
const D = struct('D', { x: i32 }, { bases: [struct('B', { y: i32 })] });
D.serialize({ x: 1 }); // TS2345
`;

const marked = (source) => source.split('\n').flatMap((line, i) => {
  const m = /\/\/ (TS\d+)$/.exec(line);
  return m ? [`${i + 1} ${m[1]}`] : [];
});
const reported = (output) => [...output.matchAll(/^index\.mts\((\d+),\d+\): error (TS\d+)/gm)].map((m) => `${m[1]} ${m[2]}`);

test('schema types: inferred values type-check (strict)', () => {
  const r = check('good', good);
  assert.equal(r.status, 0, r.output);
});

test('schema types: wrong values fail with the expected errors', () => {
  const r = check('bad', bad);
  assert.notEqual(r.status, 0);
  assert.ok(marked(bad).length >= 10);
  assert.deepEqual(reported(r.output), marked(bad), r.output);
});
