// Types of the framed message streams (docs/FORMAT.md 11): a stream is frames, each a message's
// length (a LEB128 varint of at most 32 bits) then the message.
import type { Codec, CodecOptions, Decoded, KilnType, TypeReadOptions } from '../index.js';

export interface FrameOptions {
  /** The longest message a frame may hold (default DEFAULT_MAX_FRAME_BYTES, 16 MiB): a reader
   *  refuses a longer frame as soon as its length arrives ('LengthTooLarge', at the frame's first
   *  byte), a writer refuses a longer message ('LengthTooLarge', offset null). */
  maxFrameBytes?: number;
}
/** 16 MiB. */
export declare const DEFAULT_MAX_FRAME_BYTES: number;

/** The frame of a message: a new array, its length prefix then a copy of it. */
export declare function encodeFrame(message: Uint8Array, options?: FrameOptions): Uint8Array;

/** A message and the stream offset of its first byte. */
export interface Frame {
  message: Uint8Array;
  offset: number;
}

/**
 * Splits a byte stream, pushed in chunks of any size, into messages; holds at most one frame.
 * A message within one chunk is a view of that chunk (no copy): do not overwrite a chunk while
 * you keep its messages. Errors are KilnErrors at the stream offset of the frame's first byte
 * ('LengthTooLarge', 'VarintOverflow', 'Truncated'); after one, every call throws it. A chunk
 * holding complete messages and then an error returns the messages; the next call throws.
 */
export declare class FrameReader {
  constructor(options?: FrameOptions);
  /** Stream offset of the next frame (of the one partly read, if any). */
  readonly offset: number;
  /** The messages this chunk completes, in order. */
  push(chunk: Uint8Array): Uint8Array[];
  /** As push, with each message's stream offset. */
  pushFrames(chunk: Uint8Array): Frame[];
  /** The stream ended: throws 'Truncated' if it stopped inside a frame. */
  end(): void;
}

/** Where a framed stream comes from: a fetch body, a Node Readable, any (async) iterable of
 *  chunks, or the whole stream in one array. */
export type FrameSource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | Iterable<Uint8Array> | Uint8Array;

/** The messages of a stream. Leaving the loop early, or an error, cancels a ReadableStream. */
export declare function readFrames(source: FrameSource, options?: FrameOptions): AsyncGenerator<Uint8Array, void, undefined>;

/** A typed message stream's options: the frame limit and a Codec, or type.deserialize's options. */
export type MessageReadOptions = FrameOptions & ({ codec: Codec<any, any> } | TypeReadOptions);
/** A typed message stream's options: the frame limit and a Codec, or type.serialize's options. */
export type MessageWriteOptions = FrameOptions & ({ codec: Codec<any, any> } | CodecOptions);
/** What a stream of Out messages read with options O gives (for a codec: its int64 and maps). */
export type MessageOf<Out, O> = O extends { codec: Codec<infer I, infer M> } ? Decoded<Out, { int64: I; maps: M }>
  : Decoded<Out, { int64: OptionOf<O, 'int64', 'bigint'>; maps: OptionOf<O, 'maps', 'object'> }>;
type OptionOf<O, K extends string, Default> =
  O extends { [P in K]?: infer V } ? (unknown extends V ? Default : Exclude<V, undefined>) : Default;
type CodecValues = 'bigint' | 'number';
type CodecMaps = 'object' | 'map';

/** The values of a stream of `type` messages. A message that fails to decode throws its error
 *  with its offset in the stream (the message's first byte + the offset in the message), and
 *  ends the iteration. */
export declare function readMessages<Out, I extends CodecValues, M extends CodecMaps>(
  source: FrameSource, type: KilnType<Out, unknown>, options: FrameOptions & { codec: Codec<I, M> },
): AsyncGenerator<Decoded<Out, { int64: I; maps: M }>, void, undefined>;
export declare function readMessages<Out, O extends FrameOptions & TypeReadOptions = {}>(
  source: FrameSource, type: KilnType<Out, unknown>, options?: O): AsyncGenerator<MessageOf<Out, O>, void, undefined>;

/** Uint8Array chunks in, one Uint8Array per message out. */
export declare class FrameDecoderStream extends TransformStream<Uint8Array, Uint8Array> {
  constructor(options?: FrameOptions);
}
/** Messages in, their frames out. */
export declare class FrameEncoderStream extends TransformStream<Uint8Array, Uint8Array> {
  constructor(options?: FrameOptions);
}
/** Uint8Array chunks in, the values of `type` messages out. */
export interface MessageDecoderStream<Out> extends TransformStream<Uint8Array, Out> {}
export declare const MessageDecoderStream: {
  new <Out, I extends CodecValues, M extends CodecMaps>(type: KilnType<Out, unknown>, options: FrameOptions & { codec: Codec<I, M> }):
    MessageDecoderStream<Decoded<Out, { int64: I; maps: M }>>;
  new <Out, O extends FrameOptions & TypeReadOptions = {}>(type: KilnType<Out, unknown>, options?: O):
    MessageDecoderStream<MessageOf<Out, O>>;
  readonly prototype: MessageDecoderStream<unknown>;
};
/** Values of `type` in, their framed messages out. */
export interface MessageEncoderStream<In> extends TransformStream<In, Uint8Array> {}
export declare const MessageEncoderStream: {
  new <In>(type: KilnType<unknown, In>, options?: MessageWriteOptions): MessageEncoderStream<In>;
  readonly prototype: MessageEncoderStream<unknown>;
};
