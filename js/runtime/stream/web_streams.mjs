// WHATWG TransformStreams: bytes to messages or values (pipeThrough a fetch body), and back.
import { KilnError } from '../errors.mjs';
import { frameLimit, frameWith } from './frame.mjs';
import { FrameReader } from './frame_reader.mjs';
import { messageCodec } from './messages.mjs';

// The package loads where TransformStream is missing; only these classes need it.
const Base = globalThis.TransformStream ?? class {
  constructor() {
    throw new KilnError('UnsupportedOption', 'this JavaScript runtime has no TransformStream');
  }
};

/** Uint8Array chunks in, one Uint8Array per message out. */
export class FrameDecoderStream extends Base {
  constructor(options) {
    const reader = new FrameReader(options);
    super({
      transform(chunk, out) {
        for (const m of reader.push(chunk)) out.enqueue(m);
      },
      flush: () => reader.end(),
    });
  }
}

/** Messages (Uint8Array) in, their frames out. */
export class FrameEncoderStream extends Base {
  constructor(options) {
    const limit = frameLimit(options);
    super({ transform: (message, out) => out.enqueue(frameWith(message, limit)) });
  }
}

/** Uint8Array chunks in, decoded values of `type` out. */
export class MessageDecoderStream extends Base {
  constructor(type, options) {
    const { frame, decode } = messageCodec(type, options);
    const reader = new FrameReader(frame);
    super({
      transform(chunk, out) {
        for (const f of reader.pushFrames(chunk)) out.enqueue(decode(f.message, f.offset));
      },
      flush: () => reader.end(),
    });
  }
}

/** Values of `type` in, their framed messages out. */
export class MessageEncoderStream extends Base {
  constructor(type, options) {
    const { limit, encode } = messageCodec(type, options);
    super({ transform: (value, out) => out.enqueue(frameWith(encode(value), limit)) });
  }
}
