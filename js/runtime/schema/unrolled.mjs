// Reading and writing a struct's fields without a loop. A loop's `o[names[i]] = ...` is one
// property-store site for every field of every struct, which V8 can only handle generically;
// here each of the first 16 fields has its own site, which sees one property name per struct
// type and stays fast. (Code generated at run time would do better, and is what this package
// never does.) Fields past the 16th go through a loop.
import { plainObject } from '../plain_object.mjs';

const MAX = 16;

/** (r) => a new object with names[i] = readers[i](r), in order. */
export function objectReader(names, readers) {
  const k = names.length;
  const [n0, n1, n2, n3, n4, n5, n6, n7, n8, n9, n10, n11, n12, n13, n14, n15] = names;
  const [r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15] = readers;
  return (r) => {
    const o = plainObject(k);
    if (k === 0) return o;
    o[n0] = r0(r);
    if (k === 1) return o;
    o[n1] = r1(r);
    if (k === 2) return o;
    o[n2] = r2(r);
    if (k === 3) return o;
    o[n3] = r3(r);
    if (k === 4) return o;
    o[n4] = r4(r);
    if (k === 5) return o;
    o[n5] = r5(r);
    if (k === 6) return o;
    o[n6] = r6(r);
    if (k === 7) return o;
    o[n7] = r7(r);
    if (k === 8) return o;
    o[n8] = r8(r);
    if (k === 9) return o;
    o[n9] = r9(r);
    if (k === 10) return o;
    o[n10] = r10(r);
    if (k === 11) return o;
    o[n11] = r11(r);
    if (k === 12) return o;
    o[n12] = r12(r);
    if (k === 13) return o;
    o[n13] = r13(r);
    if (k === 14) return o;
    o[n14] = r14(r);
    if (k === 15) return o;
    o[n15] = r15(r);
    for (let i = MAX; i < k; i++) o[names[i]] = readers[i](r);
    return o;
  };
}

/** (w, v) => writers[i](w, v[names[i]]) for each field in order; on an error, `onError(e, i)`. */
export function objectWriter(names, writers, onError) {
  const k = names.length;
  const [n0, n1, n2, n3, n4, n5, n6, n7, n8, n9, n10, n11, n12, n13, n14, n15] = names;
  const [w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13, w14, w15] = writers;
  return (w, v) => {
    let i = 0;
    try {
      if (k === 0) return;
      w0(w, v[n0]);
      if (k === ++i) return;
      w1(w, v[n1]);
      if (k === ++i) return;
      w2(w, v[n2]);
      if (k === ++i) return;
      w3(w, v[n3]);
      if (k === ++i) return;
      w4(w, v[n4]);
      if (k === ++i) return;
      w5(w, v[n5]);
      if (k === ++i) return;
      w6(w, v[n6]);
      if (k === ++i) return;
      w7(w, v[n7]);
      if (k === ++i) return;
      w8(w, v[n8]);
      if (k === ++i) return;
      w9(w, v[n9]);
      if (k === ++i) return;
      w10(w, v[n10]);
      if (k === ++i) return;
      w11(w, v[n11]);
      if (k === ++i) return;
      w12(w, v[n12]);
      if (k === ++i) return;
      w13(w, v[n13]);
      if (k === ++i) return;
      w14(w, v[n14]);
      if (k === ++i) return;
      w15(w, v[n15]);
      for (++i; i < k; i++) writers[i](w, v[names[i]]);
    } catch (e) {
      onError(e, i);
    }
  };
}
