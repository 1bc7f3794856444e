#!/usr/bin/env node
// Canonical JSON dump of binlog files, parsed with the JavaScript build of the spec
// (generated_js/, compiled from ksy/ by `make generate`). The Python twin is
// binlog_kaitai/dump.py; tools/crosscheck.py runs both and requires identical output.
//
// Usage: node tools/dump.js FILE...   (or --fuzz: file names on stdin, see fuzz())
//
// For each file: a line {"file": FILE}, then one line per event {"body", "header",
// "inner_pos", "pos"} and, when the file is damaged, a last line {"error": {"event_index",
// "kind", "offset"}}. The events inside a TRANSACTION_PAYLOAD_EVENT follow it, with its
// pos and their offset in the inflated payload as inner_pos (null for other events). A
// rows event also gets "row_image": its row data parsed with the spec's row_image type
// and the columns of the table map in force (threaded as binlog_kaitai/rows.py does).
//
// Trees hold what the spec reads: its `seq` fields and its parse instances (`pos:` ones,
// e.g. an inflated payload; a failing one is "<error>"), not params or value instances;
// names in the spec's snake_case, bytes as hex, enums as integers, keys sorted. A body
// that cannot be parsed is null.
//
// Events are framed exactly as binlog_kaitai/reader.py frames them (read_events with
// expand_payloads): the magic; the first event decides the layout through the spec's root
// type (MysqlBinlog over the file's prefix); every other event is
// MysqlBinlog.Event(header_len, checksum_len, post_header_lengths, is_type_code_permuted); a
// FORMAT_DESCRIPTION_EVENT in mid-file governs the events after it.
//
// A FILE ending in .stream is a captured replication stream (tools/capture_stream.py):
// packets of a 3-byte payload length, a sequence number and the payload (one of 2^24-1
// bytes continued by the next); its lines are {"packet": N, "tree": ...}, each payload
// parsed as BinlogStreamPacket (no semi-sync header), and {"truncated": BYTES} when the
// file ends inside a packet, as tools/crosscheck.py dumps it.
'use strict';
const fs = require('fs');
const KaitaiStream = require('kaitai-struct/KaitaiStream');
const { BinlogStreamPacket } = require('../generated_js/BinlogStreamPacket');
const { MysqlBinlog } = require('../generated_js/MysqlBinlog');
const { RowImage } = require('../generated_js/RowImage');
const { RowsEvent } = require('../generated_js/RowsEvent');
const { TableMapEvent } = require('../generated_js/TableMapEvent');
const { DecompressionError } = require('binlog_kaitai/decompression');
const { TextDecodingError } = require('binlog_kaitai/guard');

const MAGIC = Uint8Array.of(0xfe, 0x62, 0x69, 0x6e);
const START_EVENT_V3 = 1;
const FDE = 15;
const START_ENCRYPTION = 164;
const TRANSACTION_PAYLOAD = 40;
const PARTIAL_UPDATE_ROWS = 39;
const MIN_HEADER_LEN = 13; // every binlog version's header starts with these; length at 9..13

/** Errors that mean "these bytes do not fit the spec": the Kaitai runtime's own (end of
 * stream, failed `valid:`), text that is not valid in its encoding, the custom processes'
 * DecompressionError and the framing's BinlogError. Anything else (a TypeError, a
 * RangeError) is a bug and is never caught as damage. */
const SPEC_ERRORS = [
  ...Object.values(KaitaiStream).filter((v) => typeof v === 'function' &&
    v.prototype instanceof Error),
  DecompressionError,
  TextDecodingError,
];

function specError(err) {
  // The runtime throws a plain Error for a missing terminator (readBytesTerm).
  if (err.constructor !== Error && !SPEC_ERRORS.some((cls) => err instanceof cls)) throw err;
  return err;
}

class BinlogError extends Error {
  constructor(kind, offset, eventIndex, message) {
    super(`offset ${offset}: ${message}`);
    this.kind = kind;
    this.offset = offset;
    this.eventIndex = eventIndex;
  }
}

/** A file opened for positional reads (constant memory, like the Python reader). */
class Source {
  constructor(file) {
    try {
      this.fd = fs.openSync(file, 'r');
    } catch (err) {
      throw new BinlogError('corrupt', 0, null, `cannot open: ${err.message}`);
    }
    this.size = fs.fstatSync(this.fd).size;
  }

  read(pos, n) {
    const buf = new Uint8Array(Math.max(0, Math.min(n, this.size - pos)));
    if (buf.length) fs.readSync(this.fd, buf, 0, buf.length, pos);
    return buf;
  }

  close() {
    fs.closeSync(this.fd);
  }
}

const u32le = (buf, at) =>
  (buf[at] | (buf[at + 1] << 8) | (buf[at + 2] << 16)) + buf[at + 3] * 2 ** 24;

/** The bytes of the event at pos, or null at a clean end of file (reader.read_event_bytes). */
function readEventBytes(src, pos, headerLen, index, checksumLen = 0) {
  const head = src.read(pos, headerLen);
  if (head.length === 0) return null;
  if (head.length < MIN_HEADER_LEN) {
    throw new BinlogError('truncated', pos, index,
      `file ends inside an event header (${head.length} of ${headerLen} bytes)`);
  }
  const length = u32le(head, 9);
  const footerLen = head[4] === FDE ? 0 : checksumLen; // an FDE carries its own
  if (length < headerLen + footerLen) {
    throw new BinlogError('corrupt', pos, index,
      `event length ${length} is shorter than its header and checksum`);
  }
  if (pos + length > src.size) {
    throw new BinlogError('truncated', pos, index,
      `event of ${length} bytes runs past the end of the file (${src.size - pos} bytes remain)`);
  }
  return src.read(pos, length);
}

/** Parse one event; a body the spec cannot parse becomes null (reader.parse_event). */
function parseEvent(buf, fmt) {
  const headerLen = buf[4] === FDE ? 19 : fmt.headerLen;
  try {
    const ev = new MysqlBinlog.Event(new KaitaiStream(buf), null, null,
      headerLen, fmt.checksumLen, fmt.postHeaderLengths, fmt.isTypeCodePermuted);
    return { header: ev.header, body: ev.body };
  } catch (err) {
    specError(err);
    const header = new MysqlBinlog.EventHeader(new KaitaiStream(buf), null, null, headerLen,
      fmt.isTypeCodePermuted);
    return { header, body: null };
  }
}

/** The events inside a TRANSACTION_PAYLOAD_EVENT (reader.payload_events): the spec
 * inflates the payload (`inner_events`), and each inner event is framed and parsed like an
 * outer one, without a checksum. */
function* payloadEvents(payload, fmt) {
  const { pos, index } = payload;
  let inner;
  try {
    inner = payload.body.innerEvents;
  } catch (err) {
    specError(err);
    throw new BinlogError('corrupt', pos, index,
      `cannot inflate TRANSACTION_PAYLOAD_EVENT: ${err.message}`);
  }
  if (inner === null || inner === undefined) {
    throw new BinlogError('corrupt', pos, index,
      'TRANSACTION_PAYLOAD_EVENT with unknown compression type');
  }
  inner._io.seek(0);
  const data = inner._io.readBytesFull();
  const innerFmt = { ...fmt, checksumLen: 0 };
  for (let at = 0; at < data.length;) {
    if (data.length - at < MIN_HEADER_LEN) {
      throw new BinlogError('corrupt', pos, index,
        `inner event at payload offset ${at}: header cut short`);
    }
    const length = u32le(data, at + 9);
    const headerLen = data[at + 4] === FDE ? 19 : fmt.headerLen;
    if (length < headerLen || at + length > data.length) {
      throw new BinlogError('corrupt', pos, index,
        `inner event at payload offset ${at}: length ${length} does not fit in the payload`);
    }
    yield { pos, index, innerPos: at, ...parseEvent(data.subarray(at, at + length), innerFmt) };
    at += length;
  }
}

/** Every event of a file, in order; damage throws a BinlogError after the events before it. */
function* readEvents(file) {
  const src = new Source(file);
  try {
    const magic = src.read(0, 4);
    if (magic.length !== 4 || !magic.every((b, i) => b === MAGIC[i])) {
      throw new BinlogError('not_binlog', 0, 0, 'not a binlog');
    }
    const first = readEventBytes(src, 4, 19, 0);
    if (first === null) {
      throw new BinlogError('truncated', 4, 0, 'file has no events after the magic');
    }
    if (first[4] !== FDE && first[4] !== START_EVENT_V3) {
      throw new BinlogError('not_binlog', 4, 0, `first event has type ${first[4]}`);
    }
    // The spec decides the binlog version from the first event: parse the file's prefix.
    const prefix = new Uint8Array(4 + first.length);
    prefix.set(MAGIC);
    prefix.set(first, 4);
    let root;
    try {
      root = new MysqlBinlog(new KaitaiStream(prefix));
    } catch (err) {
      specError(err);
      throw new BinlogError('corrupt', 4, 0, `cannot decode the first event: ${err.message}`);
    }
    let fmt = {
      headerLen: root.headerLen,
      checksumLen: root.checksumLen,
      postHeaderLengths: root.postHeaderLengths,
      isTypeCodePermuted: root.isTypeCodePermuted,
    };
    const { header, body } = root.firstEvent;
    yield { pos: 4, index: 0, innerPos: null, header, body };
    let pos = 4 + first.length;
    for (let index = 1; ; index++) {
      const buf = readEventBytes(src, pos, fmt.headerLen, index, fmt.checksumLen);
      if (buf === null) return;
      const ev = parseEvent(buf, fmt);
      const typeCode = ev.header.typeCode;
      if (typeCode === FDE && ev.body !== null) {
        fmt = {
          headerLen: ev.body.headerLength,
          checksumLen: ev.body.checksumLen,
          postHeaderLengths: ev.body.postHeaderLengths,
          isTypeCodePermuted: ev.body.hasPermutedTypeCodes,
        };
      }
      const event = { pos, index, innerPos: null, ...ev };
      yield event;
      if (typeCode === TRANSACTION_PAYLOAD && ev.body !== null) yield* payloadEvents(event, fmt);
      pos += ev.header.eventLength;
      if (typeCode === START_ENCRYPTION && pos < src.size) {
        throw new BinlogError('encrypted', pos, index + 1,
          'the events after START_ENCRYPTION_EVENT are encrypted');
      }
    }
  } finally {
    src.close();
  }
}

// ---- the canonical tree --------------------------------------------------------------

const paramsByType = new Map();
const parseInstancesByType = new Map();

/** Names of a generated type's params: its constructor's arguments after _io, _parent, _root. */
function paramNames(ctor) {
  let names = paramsByType.get(ctor);
  if (names === undefined) {
    const args = /^function\s*\w*\s*\(([^)]*)\)/.exec(ctor.toString());
    names = new Set(args ? args[1].split(',').map((s) => s.trim()).slice(3) : []);
    paramsByType.set(ctor, names);
  }
  return names;
}

/** Names of a generated type's parse instances (`pos:` instances, which read bytes, such
 * as an inflated payload), as opposed to value instances (expressions over read fields):
 * the generated getter of a parse instance seeks. */
function parseInstanceNames(ctor) {
  let names = parseInstancesByType.get(ctor);
  if (names === undefined) {
    const proto = ctor.prototype;
    names = Object.getOwnPropertyNames(proto).filter((name) => {
      const getter = Object.getOwnPropertyDescriptor(proto, name).get;
      return getter !== undefined && /\.seek\(/.test(getter.toString());
    });
    parseInstancesByType.set(ctor, names);
  }
  return names;
}

/** camelCase (the JS build's names) back to the spec's snake_case; lossless because ids
 * are lower_snake_case with no digit right after an underscore. */
const snakeCase = (name) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
function hex(bytes) {
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += HEX[bytes[i]];
  return out;
}

/** What a parse instance that fails to parse (e.g. a corrupt compressed stream) dumps as. */
const PARSE_ERROR = '<error>';

/** A parsed value as JSON-ready data: structs as objects (seq fields and parse instances,
 * keys sorted), bytes as hex, arrays as arrays, numbers, strings and booleans as they are. */
function tree(value) {
  if (value === null || value === undefined) return null;
  if (value instanceof Uint8Array) return hex(value);
  if (Array.isArray(value)) return value.map(tree);
  if (typeof value !== 'object') return value;
  const params = paramNames(value.constructor);
  const fields = new Map();
  for (const key of Object.keys(value)) {
    if (!key.startsWith('_') && !params.has(key)) fields.set(snakeCase(key), tree(value[key]));
  }
  for (const key of parseInstanceNames(value.constructor)) {
    let parsed;
    try {
      parsed = tree(value[key]);
    } catch (err) {
      specError(err);
      parsed = PARSE_ERROR;
    }
    fields.set(snakeCase(key), parsed);
  }
  return sortKeys(Object.fromEntries(fields));
}

/** The row images of each rows event, parsed with the table map in force: the threading of
 * RowDecoder in binlog_kaitai/rows.py (maps by table id, forgotten at the end of each
 * statement and at a FORMAT_DESCRIPTION_EVENT; the row data parsed with the map's column
 * metadata of the columns present in each kind of image, as RowDecoder parses it). */
class RowImages {
  constructor() {
    this.maps = new Map();
  }

  /** Extra keys of the event's dump line: row_image for a rows event. */
  feed(ev) {
    const body = ev.body;
    if (body instanceof TableMapEvent) {
      this.maps.set(body.tableId.value, body);
    } else if (body instanceof RowsEvent) {
      try {
        return { row_image: this.image(body) };
      } finally {
        if (body.isEndOfStatement) this.maps.clear();
      }
    } else if (ev.header.typeCode === FDE && body !== null) {
      this.maps.clear();
    }
    return {};
  }

  image(body) {
    const tableMap = this.maps.get(body.tableId.value);
    if (tableMap === undefined) return null;
    const isUpdate = body.hasAfterImage;
    const isPartial = body.eventType === PARTIAL_UPDATE_ROWS;
    const metas = tableMap.columnMetas;
    const count = body.numColumns.value;
    if (count > metas.length) return PARSE_ERROR; // not this table's rows
    // The metadata of the columns present in an image, by the event's bitmap.
    const present = (bitmap) => metas.filter(
      (_, i) => i < count && (bitmap[i >> 3] >> (i & 7)) & 1);
    try {
      const data = body.rowData;
      if (data === null || data === undefined) return null;
      const first = present(body.columnsPresent);
      const second = isUpdate ? present(body.columnsPresentAfter) : first;
      const numJson = metas.filter((m) => m.realType === TableMapEvent.FieldType.JSON).length;
      return tree(new RowImage(new KaitaiStream(data), null, null, first, second, numJson,
        isUpdate, isPartial));
    } catch (err) {
      specError(err);
      return PARSE_ERROR;
    }
  }
}

/** Dump one file, each line's object through `write`; returns the stack of a bug (not
 * damage), else null. */
function dumpFile(file, write) {
  write({ file });
  const rows = new RowImages();
  try {
    for (const ev of readEvents(file)) {
      const line = {
        body: tree(ev.body), header: tree(ev.header), inner_pos: ev.innerPos, pos: ev.pos,
      };
      const extra = rows.feed(ev);
      write(Object.keys(extra).length ? sortKeys({ ...line, ...extra }) : line);
    }
  } catch (err) {
    if (err instanceof BinlogError) {
      write({ error: { event_index: err.eventIndex, kind: err.kind, offset: err.offset } });
    } else { // a bug, not damage: shown, and the other files are still dumped
      write({ internal_error: String(err) });
      return String(err.stack || err);
    }
  }
  return null;
}

const MAX_PAYLOAD = 0xffffff;

/** Dump one captured stream (see the header), each line's object through `write`;
 * returns null, as dumpFile does for a file without a bug. */
function dumpStream(file, write) {
  write({ file });
  const data = fs.readFileSync(file);
  let at = 0;
  let parts = [];
  let index = 0;
  while (at + 4 <= data.length) {
    const length = data.readUIntLE(at, 3);
    if (at + 4 + length > data.length) break;
    parts.push(data.subarray(at + 4, at + 4 + length));
    at += 4 + length;
    if (length === MAX_PAYLOAD) continue;
    const payload = Buffer.concat(parts);
    parts = [];
    let parsed;
    try {
      parsed = tree(new BinlogStreamPacket(new KaitaiStream(payload), null, null, false));
    } catch (err) {
      specError(err);
      parsed = PARSE_ERROR;
    }
    write({ packet: index++, tree: parsed });
  }
  const rest = data.length - at + parts.reduce((n, p) => n + 4 + p.length, 0);
  if (rest) write({ truncated: rest });
  return null; // (a bug throws)
}

function sortKeys(obj) {
  const out = {};
  for (const key of Object.keys(obj).sort()) out[key] = obj[key];
  return out;
}

/** `--fuzz`: file names on stdin, one verdict line each on stdout: {"internal": the stack
 * of a bug or null, "rss_kb": peak so far}, for tools/fuzz.py. */
function fuzz() {
  const lines = require('readline').createInterface({ input: process.stdin });
  let peak = 0;
  lines.on('line', (file) => {
    const internal = dumpFile(file, () => {});
    peak = Math.max(peak, process.memoryUsage().rss);
    try {
      fs.writeSync(1, JSON.stringify({ internal, rss_kb: Math.floor(peak / 1024) }) + '\n');
    } catch (err) { // the fuzzer went away
      process.exit(0);
    }
  });
}

function main(files) {
  if (files[0] === '--fuzz') {
    fuzz();
    return 0;
  }
  if (files.length === 0) {
    process.stderr.write('usage: node tools/dump.js FILE...\n');
    return 2;
  }
  const lines = [];
  const flush = () => {
    if (lines.length) fs.writeSync(1, lines.join('\n') + '\n');
    lines.length = 0;
  };
  for (const file of files) {
    const dump = file.endsWith('.stream') ? dumpStream : dumpFile;
    const internal = dump(file, (line) => {
      lines.push(JSON.stringify(line));
      if (lines.length >= 1000) flush();
    });
    if (internal !== null) process.stderr.write(`${file}: ${internal}\n`);
  }
  flush();
  return 0;
}

process.exitCode = main(process.argv.slice(2));
