// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './MysqlVarlenUint'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./MysqlVarlenUint'));
  } else {
    factory(root.GtidTaggedEvent || (root.GtidTaggedEvent = {}), root.KaitaiStream, root.MysqlVarlenUint || (root.MysqlVarlenUint = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (GtidTaggedEvent_, KaitaiStream, MysqlVarlenUint_) {
/**
 * Body of GTID_TAGGED_LOG_EVENT (type 42), written instead of GTID_LOG_EVENT for a
 * transaction whose GTID has a tag (UUID:tag:gno, MySQL 8.3+). Unlike type 33 it is
 * encoded with MySQL's serialization library: a message header (format version, message
 * size, last non-ignorable field id), then a sequence of (field id, value) pairs in field
 * id order, where integers are variable-length (see mysql_varlen_uint), signed ones
 * zigzag-encoded, and a field may be left out (id not written). The writer leaves out
 * original_commit_timestamp and original_server_version when they equal the immediate
 * ones and commit_group_ticket when unset; a reader substitutes the immediate values.
 * 
 * Field ids (Gtid_event::define_fields): 0 gtid_flags, 1 uuid (16 bytes, each one
 * written as a variable-length integer), 2 gno (signed), 3 tag (length + characters),
 * 4 last_committed (signed), 5 sequence_number (signed), 6 immediate_commit_timestamp,
 * 7 original_commit_timestamp, 8 transaction_length, 9 immediate_server_version,
 * 10 original_server_version, 11 commit_group_ticket.
 * 
 * The fields live in `fields`, a substream cut to the message size; unknown fields that a
 * newer server may add after these end up in `fields.unknown`.
 * @see {@link https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/binlog/event/control_events.h|Source}
 * @see {@link https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/serialization/readme.md|Source}
 * @see {@link https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/serialization/serializer_default_impl.hpp|Source}
 */

var GtidTaggedEvent = (function() {
  function GtidTaggedEvent(_io, _parent, _root) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;

    this._read();
  }
  GtidTaggedEvent.prototype._read = function() {
    this.formatVersion = new MysqlVarlenUint_.MysqlVarlenUint(this._io, null, null);
    this.messageSize = new MysqlVarlenUint_.MysqlVarlenUint(this._io, null, null);
    this.lastNonIgnorableFieldId = new MysqlVarlenUint_.MysqlVarlenUint(this._io, null, null);
    this._raw_fields = this._io.readBytes(this.fieldsSize);
    var _io__raw_fields = new KaitaiStream(this._raw_fields);
    this.fields = new GtidFields(_io__raw_fields, this, this._root);
    this.trailing = this._io.readBytesFull();
  }

  /**
   * Optional field id: consumed only when the next byte of the message is the expected
   * id (encoded as a one-byte variable-length integer, id * 2).
   */

  var FieldId = GtidTaggedEvent.FieldId = (function() {
    function FieldId(_io, _parent, _root, expected) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.expected = expected;

      this._read();
    }
    FieldId.prototype._read = function() {
      if (this.isPresent) {
        this.idByte = this._io.readU1();
      }
    }

    /**
     * The field is in the message.
     */
    Object.defineProperty(FieldId.prototype, 'isPresent', {
      get: function() {
        if (this._m_isPresent !== undefined)
          return this._m_isPresent;
        this._m_isPresent =  ((!(this._io.isEof())) && (this.nextByte == this.expected * 2)) ;
        return this._m_isPresent;
      }
    });

    /**
     * The next byte of the message, read without consuming it.
     */
    Object.defineProperty(FieldId.prototype, 'nextByte', {
      get: function() {
        if (this._m_nextByte !== undefined)
          return this._m_nextByte;
        if (!(this._io.isEof())) {
          var _pos = this._io.pos;
          this._io.seek(this._io.pos);
          this._m_nextByte = this._io.readU1();
          this._io.seek(_pos);
        }
        return this._m_nextByte;
      }
    });

    /**
     * The field id this marker stands for.
     */

    return FieldId;
  })();

  /**
   * The fields of the message in id order. Each `*_id` marker checks whether the next
   * byte is that field's id (ids below 64 take one byte, id * 2) and consumes it if so;
   * the value follows only then, which is how MySQL's decoder treats a missing field.
   */

  var GtidFields = GtidTaggedEvent.GtidFields = (function() {
    function GtidFields(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    GtidFields.prototype._read = function() {
      this.gtidFlagsId = new FieldId(this._io, this, this._root, 0);
      if (this.gtidFlagsId.isPresent) {
        this.gtidFlags = new MysqlVarlenUint_.MysqlVarlenUint(this._io, null, null);
      }
      this.uuidId = new FieldId(this._io, this, this._root, 1);
      if (this.uuidId.isPresent) {
        this.uuid = [];
        for (var i = 0; i < 16; i++) {
          this.uuid.push(new MysqlVarlenUint_.MysqlVarlenUint(this._io, null, null));
          var _ = this.uuid[i];
          if (!(_.value <= 255)) {
            throw new KaitaiStream.ValidationExprError(this.uuid[i], this._io, "/types/gtid_fields/seq/3");
          }
        }
      }
      this.gnoId = new FieldId(this._io, this, this._root, 2);
      if (this.gnoId.isPresent) {
        this.gno = new VarlenSint(this._io, this, this._root);
      }
      this.tagId = new FieldId(this._io, this, this._root, 3);
      if (this.tagId.isPresent) {
        this.tag = new VarlenString(this._io, this, this._root);
      }
      this.lastCommittedId = new FieldId(this._io, this, this._root, 4);
      if (this.lastCommittedId.isPresent) {
        this.lastCommitted = new VarlenSint(this._io, this, this._root);
      }
      this.sequenceNumberId = new FieldId(this._io, this, this._root, 5);
      if (this.sequenceNumberId.isPresent) {
        this.sequenceNumber = new VarlenSint(this._io, this, this._root);
      }
      this.immediateCommitTimestampId = new FieldId(this._io, this, this._root, 6);
      if (this.immediateCommitTimestampId.isPresent) {
        this.immediateCommitTimestamp = new MysqlVarlenUint_.MysqlVarlenUint(this._io, null, null);
      }
      this.originalCommitTimestampId = new FieldId(this._io, this, this._root, 7);
      if (this.originalCommitTimestampId.isPresent) {
        this.originalCommitTimestamp = new MysqlVarlenUint_.MysqlVarlenUint(this._io, null, null);
      }
      this.transactionLengthId = new FieldId(this._io, this, this._root, 8);
      if (this.transactionLengthId.isPresent) {
        this.transactionLength = new MysqlVarlenUint_.MysqlVarlenUint(this._io, null, null);
      }
      this.immediateServerVersionId = new FieldId(this._io, this, this._root, 9);
      if (this.immediateServerVersionId.isPresent) {
        this.immediateServerVersion = new MysqlVarlenUint_.MysqlVarlenUint(this._io, null, null);
      }
      this.originalServerVersionId = new FieldId(this._io, this, this._root, 10);
      if (this.originalServerVersionId.isPresent) {
        this.originalServerVersion = new MysqlVarlenUint_.MysqlVarlenUint(this._io, null, null);
      }
      this.commitGroupTicketId = new FieldId(this._io, this, this._root, 11);
      if (this.commitGroupTicketId.isPresent) {
        this.commitGroupTicket = new MysqlVarlenUint_.MysqlVarlenUint(this._io, null, null);
      }
      this.unknown = this._io.readBytesFull();
    }

    /**
     * The 16 bytes of the source UUID, each one written as a variable-length integer.
     */

    /**
     * Fields this spec does not know (added by a newer server); MySQL skips them too.
     */

    return GtidFields;
  })();

  /**
   * Signed variable-length integer: the unsigned variable-length value u holds the sign
   * in bit 0 (zigzag), value = u / 2 for even u and -(u / 2) - 1 for odd u.
   */

  var VarlenSint = GtidTaggedEvent.VarlenSint = (function() {
    function VarlenSint(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    VarlenSint.prototype._read = function() {
      this.raw = new MysqlVarlenUint_.MysqlVarlenUint(this._io, null, null);
    }

    /**
     * The decoded signed integer.
     */
    Object.defineProperty(VarlenSint.prototype, 'value', {
      get: function() {
        if (this._m_value !== undefined)
          return this._m_value;
        this._m_value = (KaitaiStream.mod(this.raw.value, 2) == 0 ? Math.floor(this.raw.value / 2) : -(Math.floor(this.raw.value / 2)) - 1);
        return this._m_value;
      }
    });

    return VarlenSint;
  })();

  /**
   * String of the serialization library, a variable-length byte count then the bytes.
   */

  var VarlenString = GtidTaggedEvent.VarlenString = (function() {
    function VarlenString(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    VarlenString.prototype._read = function() {
      this.lenValue = new MysqlVarlenUint_.MysqlVarlenUint(this._io, null, null);
      this.value = KaitaiStream.bytesToStr(this._io.readBytes(this.lenValue.value), "UTF-8");
    }

    return VarlenString;
  })();

  /**
   * Binlog group commit ticket, 0 (kGroupTicketUnset) when not written.
   */
  Object.defineProperty(GtidTaggedEvent.prototype, 'commitGroupTicket', {
    get: function() {
      if (this._m_commitGroupTicket !== undefined)
        return this._m_commitGroupTicket;
      this._m_commitGroupTicket = (this.hasCommitGroupTicket ? this.fields.commitGroupTicket.value : 0);
      return this._m_commitGroupTicket;
    }
  });

  /**
   * Bytes of field data (the message size, capped to the body).
   */
  Object.defineProperty(GtidTaggedEvent.prototype, 'fieldsSize', {
    get: function() {
      if (this._m_fieldsSize !== undefined)
        return this._m_fieldsSize;
      this._m_fieldsSize = (this.messageSize.value <= this.headerSize ? 0 : (this.messageSize.value > this._io.size ? this._io.size - this.headerSize : this.messageSize.value - this.headerSize));
      return this._m_fieldsSize;
    }
  });

  /**
   * Transaction number.
   */
  Object.defineProperty(GtidTaggedEvent.prototype, 'gno', {
    get: function() {
      if (this._m_gno !== undefined)
        return this._m_gno;
      this._m_gno = (this.fields.gnoId.isPresent ? this.fields.gno.value : 0);
      return this._m_gno;
    }
  });

  /**
   * GTID flags (see gtid_event); MySQL assumes may_have_sbr (1) when missing.
   */
  Object.defineProperty(GtidTaggedEvent.prototype, 'gtidFlags', {
    get: function() {
      if (this._m_gtidFlags !== undefined)
        return this._m_gtidFlags;
      this._m_gtidFlags = (this.fields.gtidFlagsId.isPresent ? this.fields.gtidFlags.value : 1);
      return this._m_gtidFlags;
    }
  });

  /**
   * A commit group ticket is written.
   */
  Object.defineProperty(GtidTaggedEvent.prototype, 'hasCommitGroupTicket', {
    get: function() {
      if (this._m_hasCommitGroupTicket !== undefined)
        return this._m_hasCommitGroupTicket;
      this._m_hasCommitGroupTicket = this.fields.commitGroupTicketId.isPresent;
      return this._m_hasCommitGroupTicket;
    }
  });

  /**
   * An original commit timestamp different from the immediate one is written.
   */
  Object.defineProperty(GtidTaggedEvent.prototype, 'hasOriginalCommitTimestamp', {
    get: function() {
      if (this._m_hasOriginalCommitTimestamp !== undefined)
        return this._m_hasOriginalCommitTimestamp;
      this._m_hasOriginalCommitTimestamp = this.fields.originalCommitTimestampId.isPresent;
      return this._m_hasOriginalCommitTimestamp;
    }
  });

  /**
   * An original server version different from the immediate one is written.
   */
  Object.defineProperty(GtidTaggedEvent.prototype, 'hasOriginalServerVersion', {
    get: function() {
      if (this._m_hasOriginalServerVersion !== undefined)
        return this._m_hasOriginalServerVersion;
      this._m_hasOriginalServerVersion = this.fields.originalServerVersionId.isPresent;
      return this._m_hasOriginalServerVersion;
    }
  });

  /**
   * Bytes taken by the message header.
   */
  Object.defineProperty(GtidTaggedEvent.prototype, 'headerSize', {
    get: function() {
      if (this._m_headerSize !== undefined)
        return this._m_headerSize;
      this._m_headerSize = (this.formatVersion.numBytes + this.messageSize.numBytes) + this.lastNonIgnorableFieldId.numBytes;
      return this._m_headerSize;
    }
  });

  /**
   * Commit time on the immediate source, microseconds since the epoch.
   */
  Object.defineProperty(GtidTaggedEvent.prototype, 'immediateCommitTs', {
    get: function() {
      if (this._m_immediateCommitTs !== undefined)
        return this._m_immediateCommitTs;
      this._m_immediateCommitTs = (this.fields.immediateCommitTimestampId.isPresent ? this.fields.immediateCommitTimestamp.value : 0);
      return this._m_immediateCommitTs;
    }
  });

  /**
   * Version of the immediate server (major*10000 + minor*100 + patch).
   */
  Object.defineProperty(GtidTaggedEvent.prototype, 'immediateServerVersion', {
    get: function() {
      if (this._m_immediateServerVersion !== undefined)
        return this._m_immediateServerVersion;
      this._m_immediateServerVersion = (this.fields.immediateServerVersionId.isPresent ? this.fields.immediateServerVersion.value : 0);
      return this._m_immediateServerVersion;
    }
  });

  /**
   * sequence_number of the transaction this one's commit depends on.
   */
  Object.defineProperty(GtidTaggedEvent.prototype, 'lastCommitted', {
    get: function() {
      if (this._m_lastCommitted !== undefined)
        return this._m_lastCommitted;
      this._m_lastCommitted = (this.fields.lastCommittedId.isPresent ? this.fields.lastCommitted.value : 0);
      return this._m_lastCommitted;
    }
  });

  /**
   * The transaction may contain statement-based events.
   */
  Object.defineProperty(GtidTaggedEvent.prototype, 'mayHaveSbr', {
    get: function() {
      if (this._m_mayHaveSbr !== undefined)
        return this._m_mayHaveSbr;
      this._m_mayHaveSbr = (this.gtidFlags & 1) != 0;
      return this._m_mayHaveSbr;
    }
  });

  /**
   * Commit time on the originating server; equal to the immediate one when not written.
   */
  Object.defineProperty(GtidTaggedEvent.prototype, 'originalCommitTs', {
    get: function() {
      if (this._m_originalCommitTs !== undefined)
        return this._m_originalCommitTs;
      this._m_originalCommitTs = (this.hasOriginalCommitTimestamp ? this.fields.originalCommitTimestamp.value : this.immediateCommitTs);
      return this._m_originalCommitTs;
    }
  });

  /**
   * Version of the originating server; equal to the immediate one when not written.
   */
  Object.defineProperty(GtidTaggedEvent.prototype, 'originalServerVersion', {
    get: function() {
      if (this._m_originalServerVersion !== undefined)
        return this._m_originalServerVersion;
      this._m_originalServerVersion = (this.hasOriginalServerVersion ? this.fields.originalServerVersion.value : this.immediateServerVersion);
      return this._m_originalServerVersion;
    }
  });

  /**
   * Logical timestamp of this transaction within the binlog file.
   */
  Object.defineProperty(GtidTaggedEvent.prototype, 'sequenceNumber', {
    get: function() {
      if (this._m_sequenceNumber !== undefined)
        return this._m_sequenceNumber;
      this._m_sequenceNumber = (this.fields.sequenceNumberId.isPresent ? this.fields.sequenceNumber.value : 0);
      return this._m_sequenceNumber;
    }
  });

  /**
   * GTID tag (letters, digits and underscores, at most 32 characters).
   */
  Object.defineProperty(GtidTaggedEvent.prototype, 'tag', {
    get: function() {
      if (this._m_tag !== undefined)
        return this._m_tag;
      this._m_tag = (this.fields.tagId.isPresent ? this.fields.tag.value : "");
      return this._m_tag;
    }
  });

  /**
   * Length in bytes of the whole transaction, this event included.
   */
  Object.defineProperty(GtidTaggedEvent.prototype, 'transactionLength', {
    get: function() {
      if (this._m_transactionLength !== undefined)
        return this._m_transactionLength;
      this._m_transactionLength = (this.fields.transactionLengthId.isPresent ? this.fields.transactionLength.value : 0);
      return this._m_transactionLength;
    }
  });

  /**
   * Serialization format version, written where a nested message's field id would be (1 so far).
   */

  /**
   * Size of the whole message in bytes, counted from the start of format_version.
   */

  /**
   * One more than the id of the last field a reader must understand (0 = every field may be ignored).
   */

  /**
   * The (field id, value) pairs.
   */

  /**
   * Bytes after the message (none in events MySQL writes).
   */

  return GtidTaggedEvent;
})();
GtidTaggedEvent_.GtidTaggedEvent = GtidTaggedEvent;
});
