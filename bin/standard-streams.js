// stdout and stderr as the program writes to them. A terminal gets Node's own stream. A pipe,
// socket or file gets a writer of ours that uses fs.write: on a pipe process.stdout is a
// net.Socket, and loading node:net and node:stream for it cost a short command (`--help`,
// `servers`) a tenth of its time (bench/RESULTS.md). Our writer keeps what the program relies
// on: every write goes out whole and in the order it was made, stdout and stderr together (one
// queue, so `2>&1` reads as before; writes queued behind one in flight go out together), and its
// callback runs once the bytes are in the pipe. The write itself is made off the main thread, so
// a reader that stops reading blocks no signal handler. A descriptor some other process made
// non-blocking (EAGAIN) hands the rest to Node's stream, which waits for the pipe to drain.

'use strict';

const EventEmitter = require('node:events');
const { fstatSync, statSync, write } = require('node:fs');

/**
 * Whether `fd` is a terminal. Only a character device can be one, and /dev/null (`2>/dev/null`,
 * a parent's 'ignore') is none: node:tty is loaded for the other character devices alone.
 */
function isTerminal(fd) {
  let stats;
  try {
    stats = fstatSync(fd);
  } catch {
    return false;
  }
  if (!stats.isCharacterDevice() || isNullDevice(stats)) return false;
  return require('node:tty').isatty(fd);
}

/** Whether `stats` are those of /dev/null (the same device numbers). */
function isNullDevice(stats) {
  try {
    return stats.rdev === statSync('/dev/null').rdev;
  } catch {
    return false;
  }
}

/** Node's stream of `fd` (1 or 2), made now; a reader gone away (`| head`) is not our failure. */
function nodeStream(fd) {
  const stream = fd === 1 ? process.stdout : process.stderr;
  if (stream.listenerCount('error') === 0)
    stream.on('error', (err) => {
      if (err.code !== 'EPIPE') throw err;
    });
  return stream;
}

/** Writes waiting their turn, of either descriptor, oldest first; one is in flight at a time. */
const queue = [];
let inFlight = false;

/**
 * At most this many bytes of queued writes go out as one write: lines printed in a loop (ten
 * thousand warnings for a config) would otherwise each take a turn of their own through the
 * thread pool. A write larger than this goes out alone, never copied.
 */
const BATCH_BYTES = 1 << 20;

function next() {
  if (inFlight || queue.length === 0) return;
  inFlight = true;
  const batch = takeBatch();
  const { writer } = batch[0];
  const bytes = batch.length === 1 ? batch[0].bytes : Buffer.concat(batch.map((entry) => entry.bytes));
  const callback = (err) => {
    for (const entry of batch) entry.callback?.(err);
  };
  writer.send(bytes, callback, () => {
    inFlight = false;
    next();
  });
}

/** The oldest write, with the writes of the same descriptor right behind it, within BATCH_BYTES. */
function takeBatch() {
  const batch = [queue.shift()];
  let size = batch[0].bytes.length;
  while (queue.length > 0 && queue[0].writer === batch[0].writer && size + queue[0].bytes.length <= BATCH_BYTES) {
    size += queue[0].bytes.length;
    batch.push(queue.shift());
  }
  return batch;
}

/** The part of a Writable the program uses (write, events, isTTY), over fs.write on `fd`. */
class DescriptorWriter extends EventEmitter {
  constructor(fd) {
    super();
    this.fd = fd;
    this.isTTY = false;
    /** Set once the descriptor said EAGAIN: from then on Node's stream writes for us. */
    this.stream = undefined;
  }

  write(chunk, encoding, callback) {
    if (typeof encoding === 'function') return this.write(chunk, undefined, encoding);
    const bytes =
      typeof chunk === 'string'
        ? Buffer.from(chunk, encoding ?? 'utf8')
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    queue.push({ writer: this, bytes, callback });
    next();
    return true;
  }

  /** Writes `bytes` whole, then calls `callback` (with the error, if one ended them) and `done`. */
  send(bytes, callback, done) {
    if (this.stream) {
      this.stream.write(bytes, callback);
      return done();
    }
    const from = (at) =>
      write(this.fd, bytes, at, bytes.length - at, null, (err, written) => {
        if (err?.code === 'EAGAIN') {
          this.stream = nodeStream(this.fd);
          this.stream.write(bytes.subarray(at), callback);
        } else if (err) {
          // EPIPE (the reader went away) and any other: the write fails, as Node's stream's would.
          callback?.(err);
        } else if (at + written < bytes.length) {
          return from(at + written);
        } else {
          callback?.(null);
        }
        done();
      });
    from(0);
  }
}

/** stdout (1) or stderr (2) for the program, and whether it is a terminal. */
function standardStream(fd) {
  const terminal = isTerminal(fd);
  return { terminal, stream: terminal ? nodeStream(fd) : new DescriptorWriter(fd) };
}

module.exports = { isTerminal, standardStream };
