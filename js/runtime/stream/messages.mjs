// Framed streams of typed messages: decoded values, errors at their stream offsets.
import { KilnError, checkOptions, invalid } from '../errors.mjs';
import { TYPE_OPTIONS, checkType, defaultCodec } from '../codec.mjs';
import { frameLimit } from './frame.mjs';
import { mapFrames } from './sources.mjs';

const MESSAGE_OPTIONS = new Set(['maxFrameBytes', 'codec', ...TYPE_OPTIONS]);

/**
 * How a message stream of `type` reads and writes: `options` holds maxFrameBytes and either a
 * Codec (`codec`) or the options of type.serialize / type.deserialize.
 * Returns { frame: the FrameReader's options, limit, decode(message, offset), encode(value) }.
 */
export function messageCodec(type, options = {}) {
  checkType(type);
  checkOptions(options, MESSAGE_OPTIONS, 'options');
  const { maxFrameBytes, codec, ...typeOptions } = options;
  const frame = maxFrameBytes === undefined ? {} : { maxFrameBytes };
  if (codec !== undefined) {
    // Duck-typed: a Codec of the CommonJS build is another class than one of the ES modules.
    if (typeof codec?.deserialize !== 'function' || typeof codec.serializeView !== 'function') {
      invalid('options.codec', 'a Codec', codec);
    }
    if (Object.keys(typeOptions).length > 0) {
      throw new KilnError('InvalidArgument', `options: '${Object.keys(typeOptions)[0]}' with a codec (give it to the Codec)`);
    }
  }
  const use = codec ?? defaultCodec(typeOptions);
  return {
    frame,
    limit: frameLimit(frame),
    decode(message, offset) {
      try {
        return use.deserialize(type, message);
      } catch (e) {
        throw atStreamOffset(e, offset);
      }
    },
    encode: (value) => use.serializeView(type, value), // framing copies it at once
  };
}

// A message's error at its byte in the stream, so one position names it in a stream of many.
function atStreamOffset(e, offset) {
  if (!(e instanceof KilnError) || e.offset === null) return e;
  const moved = new KilnError(e.code, `${e.detail} (in the message at stream byte ${offset})`, offset + e.offset);
  moved.cause = e;
  return moved;
}

/** Async generator of the values of a framed stream of `type` messages. */
export function readMessages(source, type, options) {
  const { frame, decode } = messageCodec(type, options);
  return mapFrames(source, frame, (f) => decode(f.message, f.offset));
}
