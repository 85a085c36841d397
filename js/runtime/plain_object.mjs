// Empty plain objects for decoders to fill with computed keys (string-keyed maps, generic
// objects). V8 turns an object that gets more than about 19 properties through computed-key
// stores into a slow dictionary, which is slower to build and to read back (Object.keys of a
// 20-key dictionary takes about 8x as long as of a fast object); JSON.parse's objects stay fast.
// An object made by a constructor starts with 10 in-object slots instead of {}'s 4, which keeps
// objects of up to about 24 such properties fast, and builds those of 13 or more keys faster.
// The constructor only ever makes large objects: V8 shrinks a constructor's in-object slots to
// what its first objects used, and small ones would shrink them below {}'s limit.
// Its objects are {} in every observable way: prototype Object.prototype, constructor Object
// (and the name Object, which debuggers show).
const LargeObject = function Object() {};
LargeObject.prototype = Object.prototype;

/** A new empty plain object for n properties to come. */
export function plainObject(n) {
  return n > 12 ? new LargeObject() : {};
}
