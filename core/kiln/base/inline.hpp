// KILN_INLINE: forces inlining of the compile-time loops over a struct's fields.
// g++ inlines them on its own; clang (and so em++) kept the fold over twelve fields as a call
// once the bodies grew, and in wasm a call that takes the write cursor by reference keeps the
// cursor in linear memory (the shadow stack) for every field. Forcing them inline lets the
// cursor live in a register on every compiler.
#pragma once

#define KILN_INLINE __attribute__((always_inline))
