// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './MysqlUint64', './MysqlPackedInt'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./MysqlUint64'), require('./MysqlPackedInt'));
  } else {
    factory(root.GtidEvent || (root.GtidEvent = {}), root.KaitaiStream, root.MysqlUint64 || (root.MysqlUint64 = {}), root.MysqlPackedInt || (root.MysqlPackedInt = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (GtidEvent_, KaitaiStream, MysqlUint64_, MysqlPackedInt_) {
/**
 * Body of GTID_LOG_EVENT (type 33) and ANONYMOUS_GTID_LOG_EVENT (type 34), the first event
 * of every transaction when the server writes GTIDs (33) or not (34, with an all-zero sid
 * and gno 0). The body has grown over the versions and a reader must accept every length:
 * 
 * * 5.6: flags, sid, gno (25 bytes);
 * * 5.7.5+: + logical clock type code 2, last_committed, sequence_number (42 bytes);
 * * 8.0.1+: + immediate commit timestamp and, when it differs, the original one;
 * * 8.0.2+: + transaction_length (a packed integer);
 * * 8.0.14+: + immediate server version and, when it differs, the original one;
 * * 8.0.27+: + commit_group_ticket (only written when set).
 * 
 * Each optional part is present only when the body still has the bytes for it, which is
 * exactly how MySQL's reader decides (Gtid_event::Gtid_event(const char *buf, ...)):
 * 1 byte left for the type code; the logical clock only if the type code is 2 (older
 * 5.7.4-and-before layouts are ignored, as MySQL does, and end up in `rest`); 7 bytes
 * for the immediate commit timestamp; then 1 byte for transaction_length; then 4 bytes for
 * the immediate server version; then 8 bytes for the commit group ticket.
 * 
 * The sid is exposed as its 16 raw bytes; formatting it as a UUID is left to the reader.
 * @see {@link https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/binlog/event/control_events.cpp|Source}
 * @see {@link https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/binlog/event/control_events.h|Source}
 * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Gtid__event.html|Source}
 */

var GtidEvent = (function() {
  GtidEvent.GtidFlag = Object.freeze({
    MAY_HAVE_SBR: 1,

    1: "MAY_HAVE_SBR",
  });

  function GtidEvent(_io, _parent, _root) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;

    this._read();
  }
  GtidEvent.prototype._read = function() {
    this.gtidFlags = this._io.readU1();
    this.sid = this._io.readBytes(16);
    this.gno = new MysqlUint64_.MysqlUint64(this._io, null, null);
    if (this._io.size > 25) {
      this.lcTypecode = this._io.readU1();
    }
    if (this.hasLogicalClock) {
      this.lastCommitted = new MysqlUint64_.MysqlUint64(this._io, null, null);
    }
    if (this.hasLogicalClock) {
      this.sequenceNumber = new MysqlUint64_.MysqlUint64(this._io, null, null);
    }
    if (this.hasCommitTimestamps) {
      this.immediateCommitTimestamp = new Uint56(this._io, this, this._root);
    }
    if (this.hasOriginalCommitTimestamp) {
      this.originalCommitTimestamp = new Uint56(this._io, this, this._root);
    }
    if (this.hasTransactionLength) {
      this.transactionLength = new MysqlPackedInt_.MysqlPackedInt(this._io, null, null);
    }
    if (this.hasServerVersions) {
      this.immediateServerVersionRaw = this._io.readU4le();
    }
    if (this.hasOriginalServerVersion) {
      this.originalServerVersionRaw = this._io.readU4le();
    }
    if (this.hasCommitGroupTicket) {
      this.commitGroupTicket = new MysqlUint64_.MysqlUint64(this._io, null, null);
    }
    this.rest = this._io.readBytesFull();
  }

  /**
   * A 7-byte little-endian unsigned integer read in three pieces, so that values below
   * 2^53 stay exact in every target language.
   */

  var Uint56 = GtidEvent.Uint56 = (function() {
    function Uint56(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    Uint56.prototype._read = function() {
      this.lo = this._io.readU4le();
      this.mid = this._io.readU2le();
      this.hi = this._io.readU1();
    }

    /**
     * The low 55 bits.
     */
    Object.defineProperty(Uint56.prototype, 'low55', {
      get: function() {
        if (this._m_low55 !== undefined)
          return this._m_low55;
        this._m_low55 = (this.lo + this.mid * 4294967296) + (this.hi & 127) * 281474976710656;
        return this._m_low55;
      }
    });

    /**
     * Bit 55, used as a "second value follows" flag by the commit timestamps.
     */
    Object.defineProperty(Uint56.prototype, 'topBit', {
      get: function() {
        if (this._m_topBit !== undefined)
          return this._m_topBit;
        this._m_topBit = (this.hi & 128) != 0;
        return this._m_topBit;
      }
    });

    /**
     * All 56 bits.
     */
    Object.defineProperty(Uint56.prototype, 'value', {
      get: function() {
        if (this._m_value !== undefined)
          return this._m_value;
        this._m_value = (this.lo + this.mid * 4294967296) + this.hi * 281474976710656;
        return this._m_value;
      }
    });

    return Uint56;
  })();

  /**
   * Body offset just after the commit timestamps.
   */
  Object.defineProperty(GtidEvent.prototype, 'commitTimestampsEnd', {
    get: function() {
      if (this._m_commitTimestampsEnd !== undefined)
        return this._m_commitTimestampsEnd;
      this._m_commitTimestampsEnd = (this.hasOriginalCommitTimestamp ? 56 : 49);
      return this._m_commitTimestampsEnd;
    }
  });

  /**
   * commit_group_ticket is present (8.0.27 and later, when set).
   */
  Object.defineProperty(GtidEvent.prototype, 'hasCommitGroupTicket', {
    get: function() {
      if (this._m_hasCommitGroupTicket !== undefined)
        return this._m_hasCommitGroupTicket;
      this._m_hasCommitGroupTicket =  ((this.hasServerVersions) && (this._io.size >= this.serverVersionsEnd + 8)) ;
      return this._m_hasCommitGroupTicket;
    }
  });

  /**
   * The commit timestamps are present (8.0.1 and later).
   */
  Object.defineProperty(GtidEvent.prototype, 'hasCommitTimestamps', {
    get: function() {
      if (this._m_hasCommitTimestamps !== undefined)
        return this._m_hasCommitTimestamps;
      this._m_hasCommitTimestamps =  ((this.hasLogicalClock) && (this._io.size >= 49)) ;
      return this._m_hasCommitTimestamps;
    }
  });

  /**
   * last_committed and sequence_number are present (5.7.5 and later).
   */
  Object.defineProperty(GtidEvent.prototype, 'hasLogicalClock', {
    get: function() {
      if (this._m_hasLogicalClock !== undefined)
        return this._m_hasLogicalClock;
      this._m_hasLogicalClock =  ((this._io.size >= 42) && (this.lcTypecode == 2)) ;
      return this._m_hasLogicalClock;
    }
  });

  /**
   * An original commit timestamp is written, i.e. the transaction was replicated and
   * its original commit time differs from the immediate one.
   */
  Object.defineProperty(GtidEvent.prototype, 'hasOriginalCommitTimestamp', {
    get: function() {
      if (this._m_hasOriginalCommitTimestamp !== undefined)
        return this._m_hasOriginalCommitTimestamp;
      this._m_hasOriginalCommitTimestamp =  ((this.hasCommitTimestamps) && (this.immediateCommitTimestamp.topBit) && (this._io.size >= 56)) ;
      return this._m_hasOriginalCommitTimestamp;
    }
  });

  /**
   * An original server version different from the immediate one is written.
   */
  Object.defineProperty(GtidEvent.prototype, 'hasOriginalServerVersion', {
    get: function() {
      if (this._m_hasOriginalServerVersion !== undefined)
        return this._m_hasOriginalServerVersion;
      this._m_hasOriginalServerVersion =  ((this.hasServerVersions) && ((this.immediateServerVersionRaw & 2147483648) != 0) && (this._io.size >= this.serverVersionsStart + 8)) ;
      return this._m_hasOriginalServerVersion;
    }
  });

  /**
   * The immediate server version is present (8.0.14 and later).
   */
  Object.defineProperty(GtidEvent.prototype, 'hasServerVersions', {
    get: function() {
      if (this._m_hasServerVersions !== undefined)
        return this._m_hasServerVersions;
      this._m_hasServerVersions =  ((this.hasTransactionLength) && (this._io.size >= this.serverVersionsStart + 4)) ;
      return this._m_hasServerVersions;
    }
  });

  /**
   * transaction_length is present (8.0.2 and later).
   */
  Object.defineProperty(GtidEvent.prototype, 'hasTransactionLength', {
    get: function() {
      if (this._m_hasTransactionLength !== undefined)
        return this._m_hasTransactionLength;
      this._m_hasTransactionLength =  ((this.hasCommitTimestamps) && (this._io.size > this.commitTimestampsEnd)) ;
      return this._m_hasTransactionLength;
    }
  });

  /**
   * Immediate commit timestamp in microseconds since the epoch (0 when absent).
   */
  Object.defineProperty(GtidEvent.prototype, 'immediateCommitTs', {
    get: function() {
      if (this._m_immediateCommitTs !== undefined)
        return this._m_immediateCommitTs;
      this._m_immediateCommitTs = (this.hasCommitTimestamps ? this.immediateCommitTimestamp.low55 : 0);
      return this._m_immediateCommitTs;
    }
  });

  /**
   * Immediate server version; as in MySQL 999999 (UNDEFINED_SERVER_VERSION) when the
   * event has commit timestamps but no version, 0 when it has neither.
   */
  Object.defineProperty(GtidEvent.prototype, 'immediateServerVersion', {
    get: function() {
      if (this._m_immediateServerVersion !== undefined)
        return this._m_immediateServerVersion;
      this._m_immediateServerVersion = (this.hasServerVersions ? this.immediateServerVersionRaw & 2147483647 : (this.hasCommitTimestamps ? 999999 : 0));
      return this._m_immediateServerVersion;
    }
  });

  /**
   * The transaction may contain statement-based events.
   */
  Object.defineProperty(GtidEvent.prototype, 'mayHaveSbr', {
    get: function() {
      if (this._m_mayHaveSbr !== undefined)
        return this._m_mayHaveSbr;
      this._m_mayHaveSbr = (this.gtidFlags & GtidEvent.GtidFlag.MAY_HAVE_SBR) != 0;
      return this._m_mayHaveSbr;
    }
  });

  /**
   * Original commit timestamp in microseconds; equal to the immediate one when not written.
   */
  Object.defineProperty(GtidEvent.prototype, 'originalCommitTs', {
    get: function() {
      if (this._m_originalCommitTs !== undefined)
        return this._m_originalCommitTs;
      this._m_originalCommitTs = (this.hasOriginalCommitTimestamp ? this.originalCommitTimestamp.value : this.immediateCommitTs);
      return this._m_originalCommitTs;
    }
  });

  /**
   * Original server version; equal to the immediate one when not written.
   */
  Object.defineProperty(GtidEvent.prototype, 'originalServerVersion', {
    get: function() {
      if (this._m_originalServerVersion !== undefined)
        return this._m_originalServerVersion;
      this._m_originalServerVersion = (this.hasOriginalServerVersion ? this.originalServerVersionRaw : this.immediateServerVersion);
      return this._m_originalServerVersion;
    }
  });

  /**
   * Body offset just after the server versions.
   */
  Object.defineProperty(GtidEvent.prototype, 'serverVersionsEnd', {
    get: function() {
      if (this._m_serverVersionsEnd !== undefined)
        return this._m_serverVersionsEnd;
      this._m_serverVersionsEnd = this.serverVersionsStart + (this.hasOriginalServerVersion ? 8 : 4);
      return this._m_serverVersionsEnd;
    }
  });

  /**
   * Body offset where the server versions start.
   */
  Object.defineProperty(GtidEvent.prototype, 'serverVersionsStart', {
    get: function() {
      if (this._m_serverVersionsStart !== undefined)
        return this._m_serverVersionsStart;
      this._m_serverVersionsStart = this.commitTimestampsEnd + (this.hasTransactionLength ? this.transactionLengthSize : 0);
      return this._m_serverVersionsStart;
    }
  });

  /**
   * Encoded size of transaction_length in bytes (as mysql_packed_int reads it).
   */
  Object.defineProperty(GtidEvent.prototype, 'transactionLengthSize', {
    get: function() {
      if (this._m_transactionLengthSize !== undefined)
        return this._m_transactionLengthSize;
      if (this.hasTransactionLength) {
        this._m_transactionLengthSize = (this.transactionLength.first == 252 ? 3 : (this.transactionLength.first == 253 ? 4 : (this.transactionLength.first == 254 ? 9 : 1)));
      }
      return this._m_transactionLengthSize;
    }
  });

  /**
   * Bit field, see enum gtid_flag. Bit 0 (may_have_sbr) is always set by 5.6, 5.7.0-5.7.18
   * and 8.0.0-8.0.1; later versions set it only when part of the transaction is logged in
   * statement format.
   */

  /**
   * Source id (server UUID) as 16 raw bytes, all zero in anonymous GTID events.
   */

  /**
   * Transaction number, 1 or more in GTID events, 0 in anonymous GTID events (int64 in MySQL).
   */

  /**
   * Logical clock type code; only 2 (LOGICAL_TIMESTAMP_TYPECODE) is understood. Absent in 5.6.
   */

  /**
   * sequence_number of the transaction this one's commit depends on (int64 in MySQL).
   */

  /**
   * Logical timestamp of this transaction within the binlog file (int64 in MySQL).
   */

  /**
   * Commit time on the immediate source, microseconds since the epoch, in the low 55 bits;
   * the top bit says an original commit timestamp follows.
   */

  /**
   * Commit time on the originating server, microseconds since the epoch.
   */

  /**
   * Length in bytes of the whole transaction, this event included.
   */

  /**
   * Version of the immediate server (major*10000 + minor*100 + patch) in the low 31 bits;
   * the top bit says an original server version follows.
   */

  /**
   * Version of the server where the transaction was first executed.
   */

  /**
   * Binlog group commit ticket (8.0.27+), written only when one was assigned.
   */

  /**
   * Bytes MySQL does not read (an old logical clock layout or a future field); normally empty.
   */

  return GtidEvent;
})();
GtidEvent_.GtidEvent = GtidEvent;
});
