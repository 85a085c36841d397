// Compatible-mode field ids (docs/FORMAT.md 10.4).
const utf8 = new TextEncoder();

/** The id a field gets from its name: 32-bit FNV-1a of the name's UTF-8 bytes. */
export function fieldIdOf(name) {
  let h = 0x811c9dc5;
  for (const c of utf8.encode(name)) h = Math.imul(h ^ c, 0x01000193);
  return h >>> 0;
}
