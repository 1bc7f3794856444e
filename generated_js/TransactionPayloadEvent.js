// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './MysqlBinlog', './MysqlPackedInt', 'binlog_kaitai/ZstdProcess'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./MysqlBinlog'), require('./MysqlPackedInt'), require('binlog_kaitai/ZstdProcess'));
  } else {
    factory(root.TransactionPayloadEvent || (root.TransactionPayloadEvent = {}), root.KaitaiStream, root.MysqlBinlog || (root.MysqlBinlog = {}), root.MysqlPackedInt || (root.MysqlPackedInt = {}), root.ZstdProcess || (root.ZstdProcess = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (TransactionPayloadEvent_, KaitaiStream, MysqlBinlog_, MysqlPackedInt_, ZstdProcess_) {
/**
 * A whole transaction's events, compressed together (binlog_transaction_compression,
 * MySQL >= 8.0.20). A header of (field type, length, value) entries, each a packed
 * integer, ends with field type 0; then comes the payload: the inner events back to
 * back (GTID, QUERY BEGIN, TABLE_MAP, rows..., XID), compressed as the header says.
 * 
 * The inner events are ordinary events with the layout of the FORMAT_DESCRIPTION_EVENT in
 * force (its common-header length and post-header lengths, passed in as params) but never
 * a checksum (the outer event's CRC32 covers them) and with log_pos 0. `inner_events`
 * inflates the payload with a custom process that produces exactly `uncompressed_size`
 * bytes and refuses a claim over its limit (binlog_kaitai.ZstdProcess in Python); it is
 * an instance, so nothing is inflated until it is read. An inner event's offset inside
 * the inflated payload is the sum of the `event_length`s before it.
 * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Transaction__payload__event.html|Source}
 * @see {@link https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/binlog/event/codecs/binary.cpp|Source}
 */

var TransactionPayloadEvent = (function() {
  TransactionPayloadEvent.CompressionType = Object.freeze({
    ZSTD: 0,
    NONE: 255,

    0: "ZSTD",
    255: "NONE",
  });

  TransactionPayloadEvent.FieldId = Object.freeze({
    END_MARK: 0,
    PAYLOAD_SIZE: 1,
    COMPRESSION_TYPE: 2,
    UNCOMPRESSED_SIZE: 3,

    0: "END_MARK",
    1: "PAYLOAD_SIZE",
    2: "COMPRESSION_TYPE",
    3: "UNCOMPRESSED_SIZE",
  });

  function TransactionPayloadEvent(_io, _parent, _root, headerLen, postHeaderLengths) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;
    this.headerLen = headerLen;
    this.postHeaderLengths = postHeaderLengths;

    this._read();
  }
  TransactionPayloadEvent.prototype._read = function() {
    this.fields = [];
    var i = 0;
    do {
      var _ = new HeaderField(this._io, this, this._root, (i == 0 ? 255 : this.fields[i - 1].compressionTypeSoFar), (i == 0 ? 0 : this.fields[i - 1].uncompressedSizeSoFar), (i == 0 ? 0 : this.fields[i - 1].payloadSizeSoFar));
      this.fields.push(_);
      i++;
    } while (!(_.fieldType.value == 0));
    this.payload = this._io.readBytesFull();
  }

  /**
   * One header entry, plus the header values known once it is read.
   */

  var HeaderField = TransactionPayloadEvent.HeaderField = (function() {
    function HeaderField(_io, _parent, _root, compressionTypeBefore, uncompressedSizeBefore, payloadSizeBefore) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.compressionTypeBefore = compressionTypeBefore;
      this.uncompressedSizeBefore = uncompressedSizeBefore;
      this.payloadSizeBefore = payloadSizeBefore;

      this._read();
    }
    HeaderField.prototype._read = function() {
      this.fieldType = new MysqlPackedInt_.MysqlPackedInt(this._io, null, null);
      if (this.fieldType.value != 0) {
        this.length = new MysqlPackedInt_.MysqlPackedInt(this._io, null, null);
      }
      if (this.fieldType.value != 0) {
        switch (this.fieldId) {
        case TransactionPayloadEvent.FieldId.COMPRESSION_TYPE:
          this._raw_value = this._io.readBytes(this.length.value);
          var _io__raw_value = new KaitaiStream(this._raw_value);
          this.value = new MysqlPackedInt_.MysqlPackedInt(_io__raw_value, null, null);
          break;
        case TransactionPayloadEvent.FieldId.PAYLOAD_SIZE:
          this._raw_value = this._io.readBytes(this.length.value);
          var _io__raw_value = new KaitaiStream(this._raw_value);
          this.value = new MysqlPackedInt_.MysqlPackedInt(_io__raw_value, null, null);
          break;
        case TransactionPayloadEvent.FieldId.UNCOMPRESSED_SIZE:
          this._raw_value = this._io.readBytes(this.length.value);
          var _io__raw_value = new KaitaiStream(this._raw_value);
          this.value = new MysqlPackedInt_.MysqlPackedInt(_io__raw_value, null, null);
          break;
        default:
          this.value = this._io.readBytes(this.length.value);
          break;
        }
      }
    }
    Object.defineProperty(HeaderField.prototype, 'compressionTypeSoFar', {
      get: function() {
        if (this._m_compressionTypeSoFar !== undefined)
          return this._m_compressionTypeSoFar;
        this._m_compressionTypeSoFar = (this.fieldId == TransactionPayloadEvent.FieldId.COMPRESSION_TYPE ? this.value.value : this.compressionTypeBefore);
        return this._m_compressionTypeSoFar;
      }
    });
    Object.defineProperty(HeaderField.prototype, 'fieldId', {
      get: function() {
        if (this._m_fieldId !== undefined)
          return this._m_fieldId;
        this._m_fieldId = this.fieldType.value;
        return this._m_fieldId;
      }
    });
    Object.defineProperty(HeaderField.prototype, 'payloadSizeSoFar', {
      get: function() {
        if (this._m_payloadSizeSoFar !== undefined)
          return this._m_payloadSizeSoFar;
        this._m_payloadSizeSoFar = (this.fieldId == TransactionPayloadEvent.FieldId.PAYLOAD_SIZE ? this.value.value : this.payloadSizeBefore);
        return this._m_payloadSizeSoFar;
      }
    });
    Object.defineProperty(HeaderField.prototype, 'uncompressedSizeSoFar', {
      get: function() {
        if (this._m_uncompressedSizeSoFar !== undefined)
          return this._m_uncompressedSizeSoFar;
        this._m_uncompressedSizeSoFar = (this.fieldId == TransactionPayloadEvent.FieldId.UNCOMPRESSED_SIZE ? this.value.value : this.uncompressedSizeBefore);
        return this._m_uncompressedSizeSoFar;
      }
    });

    /**
     * See `field_id`; 0 ends the header.
     */

    /**
     * Size in bytes of `value`.
     */

    /**
     * A packed integer for the three known field types; raw bytes for others.
     */

    /**
     * compression_type as of the previous entry (255, NONE, before the first).
     */

    /**
     * uncompressed_size as of the previous entry (0 before the first).
     */

    /**
     * payload_size as of the previous entry (0 before the first).
     */

    return HeaderField;
  })();

  /**
   * The inflated payload: the events of one transaction, back to back, without
   * checksums. `events` is an instance, so a reader can take the inflated bytes (this
   * type's stream) and frame the events one at a time instead, to report a damaged
   * inner event by its offset and go on with the next.
   */

  var InnerEvents = TransactionPayloadEvent.InnerEvents = (function() {
    function InnerEvents(_io, _parent, _root, headerLen, postHeaderLengths) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.headerLen = headerLen;
      this.postHeaderLengths = postHeaderLengths;

      this._read();
    }
    InnerEvents.prototype._read = function() {
    }
    Object.defineProperty(InnerEvents.prototype, 'events', {
      get: function() {
        if (this._m_events !== undefined)
          return this._m_events;
        var _pos = this._io.pos;
        this._io.seek(0);
        this._m_events = [];
        var i = 0;
        while (!this._io.isEof()) {
          this._m_events.push(new MysqlBinlog_.MysqlBinlog.Event(this._io, null, null, this.headerLen, 0, this.postHeaderLengths, false));
          i++;
        }
        this._io.seek(_pos);
        return this._m_events;
      }
    });

    /**
     * Common header length of the inner events.
     */

    /**
     * Post-header length per event type, for the inner events.
     */

    return InnerEvents;
  })();

  /**
   * The compression algorithm (NONE when the header omits it).
   */
  Object.defineProperty(TransactionPayloadEvent.prototype, 'compressionType', {
    get: function() {
      if (this._m_compressionType !== undefined)
        return this._m_compressionType;
      this._m_compressionType = this.fields[this.fields.length - 1].compressionTypeSoFar;
      return this._m_compressionType;
    }
  });

  /**
   * The inner events, whatever the compression; null for a compression type this spec
   * does not know.
   */
  Object.defineProperty(TransactionPayloadEvent.prototype, 'innerEvents', {
    get: function() {
      if (this._m_innerEvents !== undefined)
        return this._m_innerEvents;
      this._m_innerEvents = (this.compressionType == TransactionPayloadEvent.CompressionType.ZSTD ? this.zstdEvents : this.plainEvents);
      return this._m_innerEvents;
    }
  });

  /**
   * Size of the compressed payload.
   */
  Object.defineProperty(TransactionPayloadEvent.prototype, 'payloadSize', {
    get: function() {
      if (this._m_payloadSize !== undefined)
        return this._m_payloadSize;
      this._m_payloadSize = this.fields[this.fields.length - 1].payloadSizeSoFar;
      return this._m_payloadSize;
    }
  });

  /**
   * The inner events of a payload stored uncompressed (compression type NONE).
   */
  Object.defineProperty(TransactionPayloadEvent.prototype, 'plainEvents', {
    get: function() {
      if (this._m_plainEvents !== undefined)
        return this._m_plainEvents;
      if (this.compressionType == TransactionPayloadEvent.CompressionType.NONE) {
        var _pos = this._io.pos;
        this._io.seek(this._io.size - this.payload.length);
        this._raw__m_plainEvents = this._io.readBytes(this.payload.length);
        var _io__raw__m_plainEvents = new KaitaiStream(this._raw__m_plainEvents);
        this._m_plainEvents = new InnerEvents(_io__raw__m_plainEvents, this, this._root, this.headerLen, this.postHeaderLengths);
        this._io.seek(_pos);
      }
      return this._m_plainEvents;
    }
  });

  /**
   * Size of the inflated payload (0 when the header omits it).
   */
  Object.defineProperty(TransactionPayloadEvent.prototype, 'uncompressedSize', {
    get: function() {
      if (this._m_uncompressedSize !== undefined)
        return this._m_uncompressedSize;
      this._m_uncompressedSize = this.fields[this.fields.length - 1].uncompressedSizeSoFar;
      return this._m_uncompressedSize;
    }
  });

  /**
   * The inner events of a zstd payload, inflated to exactly `uncompressed_size` bytes.
   */
  Object.defineProperty(TransactionPayloadEvent.prototype, 'zstdEvents', {
    get: function() {
      if (this._m_zstdEvents !== undefined)
        return this._m_zstdEvents;
      if (this.compressionType == TransactionPayloadEvent.CompressionType.ZSTD) {
        var _pos = this._io.pos;
        this._io.seek(this._io.size - this.payload.length);
        this._raw__raw__m_zstdEvents = this._io.readBytes(this.payload.length);
        var _process = new ZstdProcess_.ZstdProcess(this.uncompressedSize);
        this._raw__m_zstdEvents = _process.decode(this._raw__raw__m_zstdEvents);
        var _io__raw__m_zstdEvents = new KaitaiStream(this._raw__m_zstdEvents);
        this._m_zstdEvents = new InnerEvents(_io__raw__m_zstdEvents, this, this._root, this.headerLen, this.postHeaderLengths);
        this._io.seek(_pos);
      }
      return this._m_zstdEvents;
    }
  });

  /**
   * The header entries; MySQL writes compression type, uncompressed size (not for
   * compression type NONE) and payload size, then the end mark. Readers take them in
   * any order and skip types they do not know by their length. Each entry carries the
   * values seen so far, so the last one holds the header's values.
   */

  /**
   * The compressed inner events (`payload_size` bytes in what MySQL writes).
   */

  /**
   * Common header length of the inner events (the governing FDE's, 19 in practice).
   */

  /**
   * The governing FDE's post-header length per event type, for the inner events.
   */

  return TransactionPayloadEvent;
})();
TransactionPayloadEvent_.TransactionPayloadEvent = TransactionPayloadEvent;
});
