// kiln-sdk/node: framed message streams (docs/FORMAT.md 11) as Node stream.Transforms, for
// pipeline(). Errors are stream errors carrying the KilnError.
import { Transform } from 'node:stream';
import { FrameReader, frameLimit, frameWith, messageCodec } from './runtime/stream/index.mjs';

// A Transform calling write(chunk, push) per chunk and end() at the end of its input.
function transform(modes, write, end = () => {}) {
  return new Transform({
    ...modes,
    transform(chunk, _encoding, done) {
      try {
        write(chunk, (x) => this.push(x));
      } catch (e) {
        return done(e);
      }
      return done();
    },
    flush(done) {
      try {
        end();
      } catch (e) {
        return done(e);
      }
      return done();
    },
  });
}

/** Bytes in, one Uint8Array per message out (object mode). */
export function frameDecoder(options) {
  const reader = new FrameReader(options);
  return transform({ readableObjectMode: true }, (chunk, push) => {
    for (const m of reader.push(chunk)) push(m);
  }, () => reader.end());
}

/** Messages (Uint8Array, object mode) in, their frames out as bytes. */
export function frameEncoder(options) {
  const limit = frameLimit(options);
  return transform({ writableObjectMode: true }, (message, push) => push(frameWith(message, limit)));
}

/** Bytes in, decoded values of `type` out (object mode). */
export function messageDecoder(type, options) {
  const { frame, decode } = messageCodec(type, options);
  const reader = new FrameReader(frame);
  return transform({ readableObjectMode: true }, (chunk, push) => {
    for (const f of reader.pushFrames(chunk)) push(decode(f.message, f.offset));
  }, () => reader.end());
}

/** Values of `type` in (object mode), their framed messages out as bytes. */
export function messageEncoder(type, options) {
  const { limit, encode } = messageCodec(type, options);
  return transform({ writableObjectMode: true }, (value, push) => push(frameWith(encode(value), limit)));
}
