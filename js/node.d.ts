// Types of kiln-sdk/node: framed message streams as Node stream.Transforms.
import type { Transform } from 'node:stream';
import type { KilnType } from './runtime/index.js';
import type { FrameOptions, MessageReadOptions, MessageWriteOptions } from './runtime/stream/index.js';

/** Bytes in, one Uint8Array per message out (object mode). */
export function frameDecoder(options?: FrameOptions): Transform;
/** Messages (Uint8Array, object mode) in, their frames out. */
export function frameEncoder(options?: FrameOptions): Transform;
/** Bytes in, the values of `type` messages out (object mode). */
export function messageDecoder(type: KilnType<unknown, unknown>, options?: MessageReadOptions): Transform;
/** Values of `type` in (object mode), their framed messages out. */
export function messageEncoder(type: KilnType<unknown, unknown>, options?: MessageWriteOptions): Transform;
