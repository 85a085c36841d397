// FrameReader: splits a byte stream, pushed in chunks of any size, into its messages. It holds
// at most one frame: a frame's buffer is made only once its length has passed the limit.
import { KilnError, invalid } from '../errors.mjs';
import { frameLimit } from './frame.mjs';

export class FrameReader {
  #limit;
  #start = 0; // stream offset of the frame being read
  #prefix = 0; // its length-prefix bytes read so far
  #length = 0;
  #need = -1; // its length once the prefix is complete, else -1
  #payload = null; // its bytes, when they span chunks
  #filled = 0;
  #error = null; // once set, every call throws it
  #ended = false;

  constructor(options) {
    this.#limit = frameLimit(options);
  }

  /** Stream offset of the next frame (of the one partly read, if any). */
  get offset() {
    return this.#start;
  }

  /** The messages `chunk` completes, in order. */
  push(chunk) {
    return this.pushFrames(chunk).map((f) => f.message);
  }

  /** As push, each message with `offset`, the stream offset of its first byte. */
  pushFrames(chunk) {
    if (this.#error !== null) throw this.#error;
    if (!(chunk instanceof Uint8Array)) invalid('chunk', 'a Uint8Array', chunk);
    if (this.#ended) throw new KilnError('InvalidArgument', 'push() after end()');
    const frames = [];
    try {
      this.#split(chunk, frames);
    } catch (e) {
      this.#error = e;
      // The messages before the error are not lost: the next call throws it.
      if (frames.length === 0) throw e;
    }
    return frames;
  }

  /** Throws Truncated if the stream stopped inside a frame. */
  end() {
    if (this.#error !== null) throw this.#error;
    this.#ended = true;
    if (this.#prefix === 0) return;
    const detail = this.#need < 0
      ? `the stream ended inside a frame's length (${this.#prefix} bytes of it)`
      : `the stream ended ${this.#filled} bytes into a frame of ${this.#need}`;
    this.#fail('Truncated', detail);
  }

  #fail(code, detail) {
    this.#error = new KilnError(code, detail, this.#start);
    throw this.#error;
  }

  #split(chunk, frames) {
    const n = chunk.length;
    let p = 0;
    while (p < n) {
      if (this.#need < 0) {
        p = this.#readPrefix(chunk, p);
        if (this.#need < 0) return;
      }
      const need = this.#need;
      let message;
      if (this.#payload === null && n - p >= need) {
        // Within this chunk: a view of it, no copy (a plain Uint8Array even for a Buffer).
        message = new Uint8Array(chunk.buffer, chunk.byteOffset + p, need);
        p += need;
      } else {
        this.#payload ??= new Uint8Array(need);
        const take = Math.min(need - this.#filled, n - p);
        this.#payload.set(chunk.subarray(p, p + take), this.#filled);
        this.#filled += take;
        p += take;
        if (this.#filled < need) return;
        message = this.#payload;
      }
      frames.push({ message, offset: this.#start + this.#prefix });
      this.#start += this.#prefix + need;
      this.#prefix = 0;
      this.#length = 0;
      this.#need = -1;
      this.#payload = null;
      this.#filled = 0;
    }
  }

  // The length prefix, which may span chunks; checked against the limit as soon as it is
  // complete, before any of the frame's bytes are held.
  #readPrefix(chunk, p) {
    while (p < chunk.length) {
      const b = chunk[p++];
      const i = this.#prefix++;
      if (i === 4 && b > 0x0f) this.#fail('VarintOverflow', 'the frame length does not fit 32 bits');
      this.#length += (b & 0x7f) * 2 ** (7 * i);
      if (b < 0x80) {
        if (this.#length > this.#limit) {
          this.#fail('LengthTooLarge', `a frame of ${this.#length} bytes exceeds maxFrameBytes (${this.#limit})`);
        }
        this.#need = this.#length;
        break;
      }
    }
    return p;
  }
}
