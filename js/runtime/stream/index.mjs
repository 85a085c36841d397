// Framed message streams (docs/FORMAT.md 11). frameLimit, frameWith, framesOf and messageCodec
// serve kiln-sdk/node; the main entry exports the rest.
export { DEFAULT_MAX_FRAME_BYTES, encodeFrame, frameLimit, frameWith } from './frame.mjs';
export { FrameReader } from './frame_reader.mjs';
export { readFrames, framesOf } from './sources.mjs';
export { readMessages, messageCodec } from './messages.mjs';
export { FrameDecoderStream, FrameEncoderStream, MessageDecoderStream, MessageEncoderStream } from './web_streams.mjs';
