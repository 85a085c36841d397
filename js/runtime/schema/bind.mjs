// Reading a compatible-mode message (docs/FORMAT.md 10.5). A table byte for byte the reader's own
// means the writer had the reader's types: the body is read as in schema-consistent mode.
// Otherwise each of the reader's structs is bound to one type of the message's table, and a plan
// says, for each field the message carries, which field of the reader receives it (or that it is
// skipped) and which of the reader's fields the message lacks. Mirrors
// core/kiln/detail/evolve/read_context.cpp: the same checks, messages and offsets.
import {
  ARR, MAP, OPT, SEQ, SET, SPTR, STRUCT, TUP, UPTR, VAR, WPTR, Walker, parseTable, typeText, walkBudget,
} from '../type_table.mjs';

// Plan of one bound struct: steps in the message's field order ({ local: the reader's field index
// or -1, type: the message's descriptor }), and the reader's fields the message lacks.
class Binder {
  constructor(r, wire, local, structs) {
    this.r = r;
    this.wire = wire;
    this.local = local;
    this.structs = structs;
    this.wireToLocal = new Array(wire.types.length).fill(-1);
    this.plans = new Map(); // reader's struct schema -> plan
  }

  // A message's polymorphic struct (POLY, `1C`) matches nothing here: JavaScript has no
  // polymorphic pointers, so no schema describes one, and a field holding one is a mismatch
  // (FORMAT.md 10.5) unless the reader lacks it and skips it.
  match(w, l) {
    if (w.code !== l.code) return false;
    switch (w.code) {
      // A pointer matches only one of its kind (the codes are equal) whose pointees match.
      case SEQ: case SET: case OPT: case UPTR: case SPTR: case WPTR:
        return this.match(w.elems[0], l.elems[0]);
      case MAP:
        return this.match(w.elems[0], l.elems[0]) && this.match(w.elems[1], l.elems[1]);
      case ARR:
        return w.n === l.n && this.match(w.elems[0], l.elems[0]);
      case TUP: case VAR:
        return w.n === l.n && w.elems.every((e, i) => this.match(e, l.elems[i]));
      case STRUCT:
        return this.bind(w.index, l.index);
      default:
        return true;
    }
  }

  bind(wk, lk) {
    const wt = this.wire.types[wk];
    const lt = this.local.types[lk];
    const schema = this.structs[lk];
    if (this.wireToLocal[wk] === lk) return true;
    if (this.wireToLocal[wk] >= 0 || this.plans.has(schema)) {
      this.r.fail('SchemaMismatch', `the message's type ${wt.name} and the reader's type ${lt.name} ` +
        'are each matched with two different types');
    }
    this.wireToLocal[wk] = lk;
    const plan = { steps: [], missing: [] };
    this.plans.set(schema, plan); // before the fields: a recursive type meets itself
    const found = new Array(lt.fields.length).fill(false);
    for (const wf of wt.fields) {
      const j = lt.fields.findLastIndex((lf) => lf.id === wf.id);
      plan.steps.push({ local: j, type: wf.type });
      if (j < 0) continue;
      found[j] = true;
      const lf = lt.fields[j];
      if (!this.match(wf.type, lf.type)) {
        this.r.fail('SchemaMismatch', `field '${lf.name}' of ${lt.name} has type ${typeText(this.wire, wf.type)} ` +
          `in the message but ${typeText(this.local, lf.type)} in the reader` +
          (wf.name !== lf.name ? ` (message field '${wf.name}')` : ''), wf.type.at);
      }
    }
    found.forEach((f, j) => f || plan.missing.push(j));
    return true;
  }
}

/**
 * Reads the type table at r.pos and the root value after it, as `schema` (the reader's root
 * type, whose compatible-mode table is `own`). `mode`: 0 fixed, 1 compressed numbers.
 * `sameVersion` reads the body of a message whose table is the reader's own (by default the
 * schema's own reader; a generated codec passes its generated one).
 */
export function readCompatible(r, schema, own, mode, sameVersion = schema.reader(mode)) {
  const { bytes } = own;
  const n = bytes.length;
  if (r.end - r.pos >= n) {
    let i = 0;
    while (i < n && r.buf[r.pos + i] === bytes[i]) i++;
    if (i === n) {
      r.pos += n;
      return sameVersion(r);
    }
  }
  const wire = parseTable(r);
  const binder = new Binder(r, wire, own.parsed, own.structs);
  if (!binder.match(wire.root, own.parsed.root)) {
    r.fail('SchemaMismatch', `the message's root type is ${typeText(wire, wire.root)} but the reader's is ` +
      typeText(own.parsed, own.parsed.root), wire.root.at);
  }
  r.evolve = { plans: binder.plans, walker: new Walker(r, wire, mode === 1, walkBudget(r.end - r.pos)) };
  try {
    return schema.reader(mode | 2)(r);
  } finally {
    r.evolve = null;
  }
}
