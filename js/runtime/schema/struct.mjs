// Structs (docs/FORMAT.md 5.10) and pointers to them (5.11). A struct is its fields in order;
// the fields of each base class come first, in a nested object named after the base, as in the
// generated codecs. Recursive types declare their fields as a function, called on first use.
import { fieldIdOf } from '../field_id.mjs';
import { BASE_MARKER, STRUCT, UPTR } from '../type_table.mjs';
import { COMPATIBLE, Schema, fail, within } from './schema.mjs';
import { NumberSchema, checkWireName } from './scalars.mjs';
import { checkSchema } from './containers.mjs';
import { objectReader, objectWriter } from './unrolled.mjs';
import { SHARED_PTR_STORAGE, UNIQUE_PTR_STORAGE } from '../storage.mjs';
import { plainObject } from '../plain_object.mjs';

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export class StructSchema extends Schema {
  /**
   * @param {string} name the wire name (the C++ type's identifier, or its kiln_name)
   * @param {object | (() => object)} fields name -> schema, in wire order
   * @param {{bases?: StructSchema[], ids?: object}} options bases: the C++ class's bases
   *   (KILN_FIELDS_WITH_BASES); ids: compatible-mode field ids declared for some fields (field
   *   name -> non-zero u32; kiln_field_ids in C++)
   */
  constructor(name, fields, options = {}) {
    super();
    checkWireName(name, 'struct');
    if (typeof options !== 'object' || options === null) throw new TypeError(`struct ${name}: options is an object`);
    for (const k of Object.keys(options)) {
      if (k !== 'bases' && k !== 'ids') {
        throw new TypeError(`struct ${name}: unknown option '${k}' (known: bases, ids)`);
      }
    }
    if (typeof fields !== 'function' && (typeof fields !== 'object' || fields === null)) {
      throw new TypeError(`struct ${name}: fields is an object of schemas, or a function returning one`);
    }
    const bases = options.bases ?? [];
    if (!Array.isArray(bases) || bases.some((b) => !(b instanceof StructSchema))) {
      throw new TypeError(`struct ${name}: bases is an array of struct schemas`);
    }
    this.structName = name;
    this.bases = bases;
    this.declared = fields;
    this.resolved = null;
    const ids = options.ids ?? {};
    if (typeof ids !== 'object' || ids === null) throw new TypeError(`struct ${name}: ids is an object of field ids`);
    this.declaredIds = ids;
    this.measuring = false;
    this.resolving = false;
  }

  containsItself() {
    throw new TypeError(`struct ${this.structName} contains itself other than through a vector, set, map or pointer`);
  }

  /** [{ name, schema }] in wire order; a function is called once, on first use. */
  get fields() {
    if (this.resolved === null) {
      if (this.resolving) this.containsItself();
      this.resolving = true;
      let declared;
      try {
        declared = typeof this.declared === 'function' ? this.declared() : this.declared;
      } finally {
        this.resolving = false;
      }
      if (typeof declared !== 'object' || declared === null) {
        throw new TypeError(`struct ${this.structName}: the fields function returns an object of schemas`);
      }
      this.resolved = Object.entries(declared).map(([name, schema]) => {
        if (!FIELD_NAME.test(name) || name.startsWith('__')) {
          throw new TypeError(`struct ${this.structName}: field name ${JSON.stringify(name)} is not a C++ identifier`);
        }
        return { name, schema: checkSchema(schema, `struct ${this.structName}, field ${name}`) };
      });
    }
    return this.resolved;
  }
  /** Each field's declared compatible-mode id, or 0 (checked as the C++ compiler checks them). */
  get explicitIds() {
    if (this.idList === undefined) {
      const fields = this.fields;
      const names = fields.map((f) => f.name);
      for (const [name, id] of Object.entries(this.declaredIds)) {
        if (!names.includes(name)) throw new TypeError(`struct ${this.structName}: ids names no field '${name}'`);
        if (!Number.isInteger(id) || id < 1 || id > 0xffffffff) {
          throw new TypeError(`struct ${this.structName}: the id of ${name} is not a non-zero uint32`);
        }
      }
      this.idList = names.map((n) => this.declaredIds[n] ?? 0);
      const all = this.idList.map((id, i) => id || fieldIdOf(names[i]));
      if (new Set(all).size !== all.length) throw new TypeError(`struct ${this.structName}: two fields share an id`);
    }
    return this.idList;
  }
  label() {
    return this.structName;
  }
  toString() {
    return this.structName;
  }

  tokens(out, structs) {
    const at = structs.indexOf(this);
    if (at >= 0) {
      out.push('rec', String(structs.length - at));
      return;
    }
    structs.push(this);
    if (this.bases.length > 0) {
      out.push('bases(');
      for (const b of this.bases) b.tokens(out, structs);
      out.push(')');
    }
    const fields = this.fields;
    out.push('struct{', this.structName, String(fields.length));
    for (const f of fields) {
      out.push(f.name);
      f.schema.tokens(out, structs);
    }
    out.push('}');
    structs.pop();
  }

  // Compatible mode (describe.mjs), as C++ describes a struct (FORMAT.md 10.2).
  describe(b) {
    b.byte(STRUCT);
    b.varint(b.ref(this));
  }
  // Its entry: each base first, as a field named ^ and the base's name whose type is the base,
  // then its own fields.
  describeFields(b) {
    const ids = this.explicitIds;
    b.str(this.structName);
    b.varint(this.bases.length + this.fields.length);
    for (const base of this.bases) {
      b.str(BASE_MARKER + base.structName);
      b.varint(0);
      base.describe(b);
    }
    this.fields.forEach((f, i) => {
      b.str(f.name);
      b.varint(ids[i]);
      f.schema.describe(b);
    });
  }
  defaultValue(r) {
    const o = plainObject(this.bases.length + this.fields.length);
    for (const base of this.bases) o[base.structName] = base.defaultValue(r);
    for (const f of this.fields) o[f.name] = f.schema.defaultValue(r);
    return o;
  }

  // Sizes and storage walk the members; a struct can only contain itself through a container or
  // a pointer, which stop the walk, as in C++ (where anything else is an incomplete type).
  measure(f) {
    if (this.measuring) this.containsItself();
    this.measuring = true;
    try {
      return f([...this.bases, ...this.fields.map((x) => x.schema)]);
    } finally {
      this.measuring = false;
    }
  }
  get minBytes() {
    return this.measure((m) => m.reduce((n, s) => n + s.minBytes, 0));
  }
  maxBytes(mode) {
    return this.measure((m) => m.reduce((n, s) => n + s.maxBytes(mode), 0));
  }
  exact(mode) {
    return (mode & COMPATIBLE) === 0 && this.measure((m) => m.every((s) => s.exact(mode)));
  }
  computeStorage() {
    return this.measure((m) => m.reduce((n, s) => n + s.storage, 0));
  }

  /** The members are fixed-width numbers only: checked for room once, then read unchecked. */
  fixedRun(mode) {
    return this.exact(mode) && this.bases.length === 0 && this.fields.every((f) => f.schema instanceof NumberSchema);
  }

  makeWriter(mode) {
    void this.minBytes; // a struct that contains itself directly fails here, on first use
    let fields = null; // set below: a recursive field finds this writer already made
    let room = 0;
    const write = (w, v) => {
      if (typeof v !== 'object' || v === null) fail('an object', v);
      if (room !== 0) w.ensure(room);
      fields(w, v);
    };
    this.writers[mode] = write;
    const names = [...this.bases.map((b) => b.structName), ...this.fields.map((f) => f.name)];
    let writers;
    if (this.fixedRun(mode)) {
      room = this.maxBytes(mode);
      writers = this.fields.map((f) => f.schema.raw[0]);
    } else {
      writers = [...this.bases.map((b) => b.writer(mode)), ...this.fields.map((f) => f.schema.writer(mode))];
    }
    fields = objectWriter(names, writers, (e, i) => within(e, `.${names[i]}`));
    return write;
  }
  makeReader(mode) {
    if (mode & COMPATIBLE) return this.makePlannedReader(mode);
    let fields = null; // set below: a recursive field finds this reader already made
    let exact = false;
    let max = 0;
    const read = (r) => {
      if (exact) {
        r.need(max, 'struct');
        return fields(r);
      }
      r.enter('struct');
      const o = fields(r);
      r.leave();
      return o;
    };
    this.readers[mode] = read;
    const names = [...this.bases.map((b) => b.structName), ...this.fields.map((f) => f.name)];
    fields = objectReader(names, this.fixedRun(mode)
      ? this.fields.map((f) => f.schema.raw[1])
      : [...this.bases.map((b) => b.reader(mode)), ...this.fields.map((f) => f.schema.reader(mode))]);
    exact = this.exact(mode);
    if (exact) max = this.maxBytes(mode);
    return read;
  }

  // Reading by the plan bound for this struct (bind.mjs): the message's fields in its order, each
  // into the reader's field of the same id or skipped; the fields it lacks get their default.
  // Bases are the entry's first fields, each read into the property named after it.
  makePlannedReader(mode) {
    const names = [...this.bases.map((b) => b.structName), ...this.fields.map((f) => f.name)];
    const schemas = [...this.bases, ...this.fields.map((f) => f.schema)];
    const readers = [];
    const read = (r) => {
      const plan = r.evolve.plans.get(this);
      if (plan === undefined) r.fail('SchemaMismatch', `no type of the message is matched with ${this.structName}`);
      r.enter('struct');
      const values = new Array(names.length);
      for (const step of plan.steps) {
        if (step.local >= 0) values[step.local] = readers[step.local](r);
        else r.evolve.walker.value(step.type);
      }
      for (const j of plan.missing) values[j] = schemas[j].defaultValue(r);
      r.leave();
      const o = plainObject(names.length);
      for (let i = 0; i < names.length; i++) o[names[i]] = values[i];
      return o;
    };
    this.readers[mode] = read;
    for (const s of schemas) readers.push(s.reader(mode));
    return read;
  }
}

const POINTERS = [
  { token: 'uptr(', storage: UNIQUE_PTR_STORAGE, what: 'unique' },
  { token: 'sptr(', storage: SHARED_PTR_STORAGE, what: 'shared' },
  { token: 'wptr(', storage: SHARED_PTR_STORAGE, what: 'weak' },
];

/** std::unique_ptr / shared_ptr / weak_ptr to a struct: the object, or null. With reference
 *  tracking an object reached twice is written once and read back as one object. */
export class PointerSchema extends Schema {
  constructor(kind, target) {
    super();
    const { token, storage, what } = POINTERS[kind];
    if (!(target instanceof StructSchema)) throw new TypeError(`${what}: pointers hold struct schemas`);
    this.kind = kind;
    this.target = target;
    this.token = token;
    this.st = storage;
  }
  label() {
    return `${this.token}${this.target.label()})`;
  }
  tokens(out, structs) {
    out.push(this.token);
    this.target.tokens(out, structs);
    out.push(')');
  }
  get minBytes() {
    return 1;
  }
  // Compatible mode (FORMAT.md 10.3): the kind's code, then the target's descriptor. A field the
  // message lacks is null (Schema.defaultValue).
  describe(b) {
    b.byte(UPTR + this.kind);
    this.target.describe(b);
  }
  makeWriter(mode) {
    const { kind, target } = this;
    const write = target.writer(mode);
    return (w, v) => {
      if (v === null || v === undefined) w.u8(0);
      else if (typeof v !== 'object') fail('an object or null', v);
      else if (w.pointer(v, kind, target.structName)) {
        write(w, v);
        w.pointerDone();
      }
    };
  }
  // The checks of the C++ reader, in its order: tag; for a new object the depth, its storage
  // (at least 1) charged to the budget, the reference table; then the struct. The object exists before its
  // fields are read, so a back-reference inside it finds it; a weak_ptr's announcement makes it
  // empty and its first shared_ptr (r.defining) fills it.
  makeReader(mode) {
    const { kind, target } = this;
    const read = target.reader(mode);
    let size = 0;
    return (r) => {
      if (size === 0) size = Math.max(target.storage, 1);
      const at = r.pos;
      const tag = r.varintNumber('pointer tag');
      if (tag >= 2) {
        const o = r.backReference(tag - 2, target, at, kind, size);
        if (kind === 1 && r.defining >= 0) {
          const slot = r.defining;
          Object.assign(o, read(r));
          r.close(slot);
          r.leave();
        }
        return o;
      }
      if (tag !== 1) return null;
      r.enter('pointer');
      r.charge(r.pos, size, 'object');
      const o = {};
      const slot = kind === 0 ? -1 : r.remember(o, target);
      Object.assign(o, read(r));
      r.close(slot);
      r.leave();
      return o;
    };
  }
}
