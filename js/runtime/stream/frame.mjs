// A frame (docs/FORMAT.md 11): the message's length as an unsigned LEB128 varint of at most 32
// bits, then the message.
import { KilnError, checkOptions, invalid } from '../errors.mjs';

export const DEFAULT_MAX_FRAME_BYTES = 16 * 1024 * 1024;
const FRAME_OPTIONS = new Set(['maxFrameBytes']);

/** The frame length limit of `options` (checked: a misspelt option is an error). */
export function frameLimit(options = {}) {
  checkOptions(options, FRAME_OPTIONS, 'options');
  const { maxFrameBytes = DEFAULT_MAX_FRAME_BYTES } = options;
  if (!Number.isInteger(maxFrameBytes) || maxFrameBytes < 0 || maxFrameBytes > 0xffffffff) {
    invalid('options.maxFrameBytes', 'an integer from 0 to 2^32 - 1', maxFrameBytes);
  }
  return maxFrameBytes;
}

/** The frame of `message`: a new array, the length prefix then a copy of the message. */
export function encodeFrame(message, options) {
  return frameWith(message, frameLimit(options));
}

// A writer refuses what its reader would: nothing longer than the reader's limit.
export function frameWith(message, limit) {
  if (!(message instanceof Uint8Array)) invalid('message', 'a Uint8Array', message);
  const n = message.length;
  if (n > limit) throw new KilnError('LengthTooLarge', `a message of ${n} bytes exceeds maxFrameBytes (${limit})`);
  let prefix = 1;
  for (let v = n; v >= 0x80; v >>>= 7) prefix++;
  const frame = new Uint8Array(prefix + n);
  let p = 0;
  let v = n;
  for (; v >= 0x80; v >>>= 7) frame[p++] = (v & 0x7f) | 0x80;
  frame[p++] = v;
  frame.set(message, p);
  return frame;
}
