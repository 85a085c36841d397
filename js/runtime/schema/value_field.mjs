// A kiln::Value field: a generic value (docs/FORMAT.md 9) inside a typed struct. Its containers
// are numbered on their own, per field; back-references need the message's reference tracking.
import { DEFAULT_LIMITS } from '../reader.mjs';
import { ValueWriter } from '../value_writer.mjs';
import { readValue } from '../value_reader.mjs';
import { Schema } from './schema.mjs';

import { VALUE_STORAGE } from '../storage.mjs';
import { VALUE } from '../type_table.mjs';

export class ValueSchema extends Schema {
  constructor() {
    super();
    this.st = VALUE_STORAGE;
  }
  label() {
    return 'value';
  }
  tokens(out) {
    out.push('value');
  }
  /** Self-describing: at the root it needs no type table, and as a field it is described as
   *  `value`, which a compatible-mode reader skips by decoding it (FORMAT.md 10.3, 10.5). */
  get selfDescribing() {
    return true;
  }
  describe(b) {
    b.byte(VALUE);
  }
  get minBytes() {
    return 1;
  }
  makeWriter() {
    return (w, v) => new ValueWriter(w, w.refs !== null, DEFAULT_LIMITS.maxDepth).write(v);
  }
  makeReader() {
    return (r) => readValue(r, r.refs !== null ? [] : null);
  }
}
