// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './MysqlUint64'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./MysqlUint64'));
  } else {
    factory(root.MariadbGtidEvent || (root.MariadbGtidEvent = {}), root.KaitaiStream, root.MysqlUint64 || (root.MysqlUint64 = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (MariadbGtidEvent_, KaitaiStream, MysqlUint64_) {
/**
 * Body of MariaDB's GTID_EVENT (type 162), the first event of every event group (10.0+):
 * it replaces the BEGIN query of a transaction, or marks a standalone statement such as a
 * DDL. The GTID is domain_id-server_id-seq_no, server_id being the one in the event
 * header. The post-header is 19 bytes (GTID_HEADER_LEN); what follows depends on flags,
 * read in this order as Gtid_log_event::Gtid_log_event(const uchar *buf, ...) does:
 * 
 * * commit_id (8 bytes) when FL_GROUP_COMMIT_ID is set; otherwise the post-header ends
 *   with zero padding up to 19 bytes;
 * * the XID (format id, gtrid and bqual lengths, then the data) when FL_PREPARED_XA or
 *   FL_COMPLETED_XA is set (10.5+);
 * * when bytes remain, the flags_extra byte (MDEV-21117, 2021; a zero padding byte reads
 *   as an empty flags_extra, exactly as in MariaDB), then extra_engines (1 byte) when
 *   FL_EXTRA_MULTI_ENGINE_E1 is set, sa_seq_no (8 bytes, the GTID seq_no of the START
 *   ALTER) when FL_COMMIT_ALTER_E1 or FL_ROLLBACK_ALTER_E1 is set (10.8+,
 *   binlog_alter_two_phase), and thread_id (4 bytes) when FL_EXTRA_THREAD_ID is set
 *   (11.5+, MDEV-7850).
 * 
 * Any bytes left over (zero padding) are in `padding`.
 * @see {@link https://github.com/MariaDB/server/blob/main/sql/log_event.cc|Source}
 * @see {@link https://github.com/MariaDB/server/blob/main/sql/log_event.h|Source}
 * @see {@link https://mariadb.com/kb/en/gtid_event/|Source}
 */

var MariadbGtidEvent = (function() {
  MariadbGtidEvent.Flag2 = Object.freeze({
    STANDALONE: 1,
    GROUP_COMMIT_ID: 2,
    TRANSACTIONAL: 4,
    ALLOW_PARALLEL: 8,
    WAITED: 16,
    DDL: 32,
    PREPARED_XA: 64,
    COMPLETED_XA: 128,

    1: "STANDALONE",
    2: "GROUP_COMMIT_ID",
    4: "TRANSACTIONAL",
    8: "ALLOW_PARALLEL",
    16: "WAITED",
    32: "DDL",
    64: "PREPARED_XA",
    128: "COMPLETED_XA",
  });

  MariadbGtidEvent.FlagExtra = Object.freeze({
    EXTRA_MULTI_ENGINE: 1,
    START_ALTER: 2,
    COMMIT_ALTER: 4,
    ROLLBACK_ALTER: 8,
    EXTRA_THREAD_ID: 16,

    1: "EXTRA_MULTI_ENGINE",
    2: "START_ALTER",
    4: "COMMIT_ALTER",
    8: "ROLLBACK_ALTER",
    16: "EXTRA_THREAD_ID",
  });

  function MariadbGtidEvent(_io, _parent, _root) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;

    this._read();
  }
  MariadbGtidEvent.prototype._read = function() {
    this.seqNo = new MysqlUint64_.MysqlUint64(this._io, null, null);
    this.domainId = this._io.readU4le();
    this.flags2 = this._io.readU1();
    if (this.isGroupCommitId) {
      this.commitId = new MysqlUint64_.MysqlUint64(this._io, null, null);
    }
    if ( ((this.isPreparedXa) || (this.isCompletedXa)) ) {
      this.xid = new Xid(this._io, this, this._root);
    }
    if (this._io.size > this.flagsExtraPos) {
      this.flagsExtra = this._io.readU1();
    }
    if (this.isExtraMultiEngine) {
      this.extraEngines = this._io.readU1();
    }
    if ( ((this.isCommitAlter) || (this.isRollbackAlter)) ) {
      this.saSeqNo = new MysqlUint64_.MysqlUint64(this._io, null, null);
    }
    if (this.hasThreadId) {
      this.threadId = this._io.readU4le();
    }
    this.padding = this._io.readBytesFull();
  }

  /**
   * An XA transaction id (XID), as written in the GTID event.
   */

  var Xid = MariadbGtidEvent.Xid = (function() {
    function Xid(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    Xid.prototype._read = function() {
      this.formatId = this._io.readU4le();
      this.lenGtrid = this._io.readU1();
      this.lenBqual = this._io.readU1();
      this.gtrid = this._io.readBytes(this.lenGtrid);
      this.bqual = this._io.readBytes(this.lenBqual);
    }

    /**
     * The XID format id (formatID), 1 by default.
     */

    /**
     * Length of the global transaction id part.
     */

    /**
     * Length of the branch qualifier part.
     */

    /**
     * Global transaction id (user-chosen bytes).
     */

    /**
     * Branch qualifier (user-chosen bytes).
     */

    return Xid;
  })();

  /**
   * Body offset where flags_extra would be.
   */
  Object.defineProperty(MariadbGtidEvent.prototype, 'flagsExtraPos', {
    get: function() {
      if (this._m_flagsExtraPos !== undefined)
        return this._m_flagsExtraPos;
      this._m_flagsExtraPos = (13 + (this.isGroupCommitId ? 8 : 0)) + ( ((this.isPreparedXa) || (this.isCompletedXa))  ? (6 + this.xid.lenGtrid) + this.xid.lenBqual : 0);
      return this._m_flagsExtraPos;
    }
  });

  /**
   * flags_extra, or 0 when the byte is absent.
   */
  Object.defineProperty(MariadbGtidEvent.prototype, 'flagsExtraValue', {
    get: function() {
      if (this._m_flagsExtraValue !== undefined)
        return this._m_flagsExtraValue;
      this._m_flagsExtraValue = (this._io.size > this.flagsExtraPos ? this.flagsExtra : 0);
      return this._m_flagsExtraValue;
    }
  });

  /**
   * thread_id is present (11.5+).
   */
  Object.defineProperty(MariadbGtidEvent.prototype, 'hasThreadId', {
    get: function() {
      if (this._m_hasThreadId !== undefined)
        return this._m_hasThreadId;
      this._m_hasThreadId = (this.flagsExtraValue & MariadbGtidEvent.FlagExtra.EXTRA_THREAD_ID) != 0;
      return this._m_hasThreadId;
    }
  });

  /**
   * Parallel replication may run it (skip_parallel_replication was off).
   */
  Object.defineProperty(MariadbGtidEvent.prototype, 'isAllowParallel', {
    get: function() {
      if (this._m_isAllowParallel !== undefined)
        return this._m_isAllowParallel;
      this._m_isAllowParallel = (this.flags2 & MariadbGtidEvent.Flag2.ALLOW_PARALLEL) != 0;
      return this._m_isAllowParallel;
    }
  });

  /**
   * COMMIT ALTER of a two-phase logged ALTER TABLE; sa_seq_no is present.
   */
  Object.defineProperty(MariadbGtidEvent.prototype, 'isCommitAlter', {
    get: function() {
      if (this._m_isCommitAlter !== undefined)
        return this._m_isCommitAlter;
      this._m_isCommitAlter = (this.flagsExtraValue & MariadbGtidEvent.FlagExtra.COMMIT_ALTER) != 0;
      return this._m_isCommitAlter;
    }
  });

  /**
   * The XA COMMIT or XA ROLLBACK of a prepared XA transaction; xid is present.
   */
  Object.defineProperty(MariadbGtidEvent.prototype, 'isCompletedXa', {
    get: function() {
      if (this._m_isCompletedXa !== undefined)
        return this._m_isCompletedXa;
      this._m_isCompletedXa = (this.flags2 & MariadbGtidEvent.Flag2.COMPLETED_XA) != 0;
      return this._m_isCompletedXa;
    }
  });

  /**
   * The event group contains DDL.
   */
  Object.defineProperty(MariadbGtidEvent.prototype, 'isDdl', {
    get: function() {
      if (this._m_isDdl !== undefined)
        return this._m_isDdl;
      this._m_isDdl = (this.flags2 & MariadbGtidEvent.Flag2.DDL) != 0;
      return this._m_isDdl;
    }
  });

  /**
   * The transaction used more than one storage engine; extra_engines is present.
   */
  Object.defineProperty(MariadbGtidEvent.prototype, 'isExtraMultiEngine', {
    get: function() {
      if (this._m_isExtraMultiEngine !== undefined)
        return this._m_isExtraMultiEngine;
      this._m_isExtraMultiEngine = (this.flagsExtraValue & MariadbGtidEvent.FlagExtra.EXTRA_MULTI_ENGINE) != 0;
      return this._m_isExtraMultiEngine;
    }
  });

  /**
   * The event group was part of a group commit; commit_id is present.
   */
  Object.defineProperty(MariadbGtidEvent.prototype, 'isGroupCommitId', {
    get: function() {
      if (this._m_isGroupCommitId !== undefined)
        return this._m_isGroupCommitId;
      this._m_isGroupCommitId = (this.flags2 & MariadbGtidEvent.Flag2.GROUP_COMMIT_ID) != 0;
      return this._m_isGroupCommitId;
    }
  });

  /**
   * An XA transaction's XA PREPARE group; xid is present.
   */
  Object.defineProperty(MariadbGtidEvent.prototype, 'isPreparedXa', {
    get: function() {
      if (this._m_isPreparedXa !== undefined)
        return this._m_isPreparedXa;
      this._m_isPreparedXa = (this.flags2 & MariadbGtidEvent.Flag2.PREPARED_XA) != 0;
      return this._m_isPreparedXa;
    }
  });

  /**
   * ROLLBACK ALTER of a two-phase logged ALTER TABLE; sa_seq_no is present.
   */
  Object.defineProperty(MariadbGtidEvent.prototype, 'isRollbackAlter', {
    get: function() {
      if (this._m_isRollbackAlter !== undefined)
        return this._m_isRollbackAlter;
      this._m_isRollbackAlter = (this.flagsExtraValue & MariadbGtidEvent.FlagExtra.ROLLBACK_ALTER) != 0;
      return this._m_isRollbackAlter;
    }
  });

  /**
   * No terminating COMMIT/XID event follows (DDL and other non-transactional statements).
   */
  Object.defineProperty(MariadbGtidEvent.prototype, 'isStandalone', {
    get: function() {
      if (this._m_isStandalone !== undefined)
        return this._m_isStandalone;
      this._m_isStandalone = (this.flags2 & MariadbGtidEvent.Flag2.STANDALONE) != 0;
      return this._m_isStandalone;
    }
  });

  /**
   * First phase (START ALTER) of a two-phase logged ALTER TABLE.
   */
  Object.defineProperty(MariadbGtidEvent.prototype, 'isStartAlter', {
    get: function() {
      if (this._m_isStartAlter !== undefined)
        return this._m_isStartAlter;
      this._m_isStartAlter = (this.flagsExtraValue & MariadbGtidEvent.FlagExtra.START_ALTER) != 0;
      return this._m_isStartAlter;
    }
  });

  /**
   * The event group can be rolled back safely (transactional engines only).
   */
  Object.defineProperty(MariadbGtidEvent.prototype, 'isTransactional', {
    get: function() {
      if (this._m_isTransactional !== undefined)
        return this._m_isTransactional;
      this._m_isTransactional = (this.flags2 & MariadbGtidEvent.Flag2.TRANSACTIONAL) != 0;
      return this._m_isTransactional;
    }
  });

  /**
   * A row lock wait or similar was seen while it ran on the primary.
   */
  Object.defineProperty(MariadbGtidEvent.prototype, 'isWaited', {
    get: function() {
      if (this._m_isWaited !== undefined)
        return this._m_isWaited;
      this._m_isWaited = (this.flags2 & MariadbGtidEvent.Flag2.WAITED) != 0;
      return this._m_isWaited;
    }
  });

  /**
   * Sequence number of the GTID.
   */

  /**
   * Replication domain id of the GTID.
   */

  /**
   * Bit field, see enum flag2 and the is_* instances.
   */

  /**
   * Id shared by the event groups of one group commit on the primary.
   */

  /**
   * The XA transaction id (XA PREPARE groups and their XA COMMIT/ROLLBACK).
   */

  /**
   * Extra bit field, see enum flag_extra; absent in events that end after the post-header.
   */

  /**
   * Number of storage engines the transaction used besides the first one; 255 (unknown)
   * in the XA PREPARE group of an XA transaction, as MariaDB 10.11 writes it.
   */

  /**
   * seq_no of the START ALTER event group this COMMIT/ROLLBACK ALTER completes.
   */

  /**
   * Id of the connection that ran the transaction (11.5+).
   */

  /**
   * Zero bytes padding the event to the 19-byte post-header length.
   */

  return MariadbGtidEvent;
})();
MariadbGtidEvent_.MariadbGtidEvent = MariadbGtidEvent;
});
