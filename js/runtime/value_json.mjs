// The inspector's JSON form of a decoded generic value (docs/FORMAT.md 10.6): what JSON spells
// natively prints as itself, everything else as a one-key object naming its kind, and a
// container met again as {"ref":id}, ids counted in print order as the wire numbers containers
// (9.7). Mirrors core/kiln/detail/evolve/value_json.cpp, which prints a kiln::Value the same way.
import { utf8Length } from './utf8_length.mjs';

/** Finite numbers as JS spells them (-0 kept), the rest tagged: a string "NaN" is a string. */
function number(x) {
  if (Number.isFinite(x)) return Object.is(x, -0) ? '-0' : String(x);
  return `{"float":"${x}"}`;
}

function bigint(b) {
  return b < 0n ? `{"bigint":"-0x${(-b).toString(16)}"}` : `{"bigint":"0x${b.toString(16)}"}`;
}

/**
 * The JSON text of `v`, as a JS reader returned it. `charge(bytes)` is called with the UTF-8 size
 * of every string and object key printed (the inspector's budget); it throws to stop.
 */
export function valueJson(v, charge) {
  const ids = new Map(); // container -> id, in print order
  const str = (s) => {
    charge(utf8Length(s));
    return JSON.stringify(s);
  };
  const walk = (x) => {
    switch (typeof x) {
      case 'undefined': return '{"undefined":null}';
      case 'boolean': return x ? 'true' : 'false';
      case 'number': return number(x);
      case 'bigint': return bigint(x);
      case 'string': return str(x);
      default: break;
    }
    if (x === null) return 'null';
    if (x instanceof Date) {
      const t = x.getTime();
      return `{"date":${Number.isNaN(t) ? 'null' : t}}`;
    }
    const seen = ids.get(x);
    if (seen !== undefined) return `{"ref":${seen}}`;
    ids.set(x, ids.size);
    if (Array.isArray(x)) {
      const parts = [];
      for (let i = 0; i < x.length; i++) parts.push(i in x ? walk(x[i]) : '{"hole":null}');
      return `[${parts.join(',')}]`;
    }
    if (x instanceof Map) {
      const parts = [];
      for (const [k, e] of x) parts.push(`[${walk(k)},${walk(e)}]`);
      return `{"map":[${parts.join(',')}]}`;
    }
    if (x instanceof Set) return `{"set":[${[...x].map(walk).join(',')}]}`;
    if (x instanceof ArrayBuffer) return `{"ArrayBuffer":[${new Uint8Array(x).join(',')}]}`;
    if (ArrayBuffer.isView(x)) {
      const items = [];
      for (const e of x) items.push(typeof e === 'bigint' ? String(e) : number(e));
      return `{"${x.constructor.name}":[${items.join(',')}]}`;
    }
    const parts = Object.keys(x).map((k) => `${str(k)}:${walk(x[k])}`);
    return `{"object":{${parts.join(',')}}}`;
  };
  return walk(v);
}
