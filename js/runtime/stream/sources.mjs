// readFrames: the messages of a framed stream from a fetch body (ReadableStream), a Node
// Readable or any (async) iterable of chunks.
import { invalid } from '../errors.mjs';
import { FrameReader } from './frame_reader.mjs';

const EMPTY = new Uint8Array(0);

/** Async generator of the messages (Uint8Array) of `source`. */
export function readFrames(source, options) {
  return mapFrames(source, options, (f) => f.message);
}

/** Async generator of { message, offset } (offset: the message's first byte in the stream). */
export function framesOf(source, options) {
  return mapFrames(source, options, (f) => f);
}

/**
 * Async generator of map(frame) for each frame of `source`: one generator between the chunks and
 * the caller (each generator stacked on another costs a promise per message).
 */
export function mapFrames(source, options, map) {
  const reader = new FrameReader(options); // checks the options now, not at the first next()
  return split(chunksOf(source), reader, map);
}

async function* split(chunks, reader, map) {
  for await (const chunk of chunks) {
    for (const f of reader.pushFrames(chunk)) yield map(f);
    reader.push(EMPTY); // throws an error the chunk's complete messages held back
  }
  reader.end();
}

function chunksOf(source) {
  if (source instanceof Uint8Array) return [source]; // a whole stream in memory
  if (typeof source === 'object' && source !== null) {
    if (typeof source.getReader === 'function') return streamChunks(source);
    if (typeof source[Symbol.asyncIterator] === 'function' || typeof source[Symbol.iterator] === 'function') {
      return source;
    }
  }
  return invalid('source', 'a ReadableStream or an (async) iterable of Uint8Array', source);
}

// Through the stream's reader rather than its async iterator, which not every browser has.
async function* streamChunks(stream) {
  const reader = stream.getReader();
  let done = false;
  try {
    for (;;) {
      const r = await reader.read();
      if (r.done) break;
      yield r.value;
    }
    done = true;
  } finally {
    // Left early (break, or an error in the data): the rest of the body is not wanted.
    if (!done) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
