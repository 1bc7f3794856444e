// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './MysqlUint64', './MysqlPackedInt', './MysqlBinlog', './MysqlEventType'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./MysqlUint64'), require('./MysqlPackedInt'), require('./MysqlBinlog'), require('./MysqlEventType'));
  } else {
    factory(root.BinlogStreamPacket || (root.BinlogStreamPacket = {}), root.KaitaiStream, root.MysqlUint64 || (root.MysqlUint64 = {}), root.MysqlPackedInt || (root.MysqlPackedInt = {}), root.MysqlBinlog || (root.MysqlBinlog = {}), root.MysqlEventType || (root.MysqlEventType = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (BinlogStreamPacket_, KaitaiStream, MysqlUint64_, MysqlPackedInt_, MysqlBinlog_, MysqlEventType_) {
/**
 * The payload of one packet of the stream a source sends a replica after
 * COM_BINLOG_DUMP or COM_BINLOG_DUMP_GTID (the 4-byte packet header, a 3-byte length and
 * a sequence number, taken off, and a payload of 2^24-1 bytes joined with the packets
 * that continue it): one binlog event, the end of the stream, or an error.
 * 
 * An event packet is a 0x00 lead byte, the semi-sync header when semi-synchronous
 * replication was negotiated, then the event's bytes exactly as the binlog file holds them
 * (a `mysql_binlog::event`; its CRC32 footer included when the replica announced that it
 * understands checksums, see `@master_binlog_checksum`) with these exceptions, which
 * are not in any file:
 * 
 * * the stream starts with an artificial ROTATE_EVENT (timestamp 0, log_pos 0,
 *   LOG_EVENT_ARTIFICIAL_F) naming the file the dump starts in, and the source sends one
 *   again before each later file;
 * * a dump starting past offset 4 is sent the file's FORMAT_DESCRIPTION_EVENT again,
 *   with log_pos 0 (and MySQL's `created` 0); one starting at offset 4 gets the file's
 *   own, whose LOG_EVENT_BINLOG_IN_USE_F the source clears (the closed file has it
 *   cleared too);
 * * an idle source sends HEARTBEAT_LOG_EVENT (MySQL 8.0.26+: HEARTBEAT_LOG_EVENT_V2,
 *   see `heartbeat_v2`) every `@master_heartbeat_period` nanoseconds;
 * * MariaDB starting from a GTID position sends an artificial GTID_LIST_EVENT: flagged
 *   LOG_EVENT_ARTIFICIAL_F, with a real log_pos (the position the dump starts from, as
 *   captured from MariaDB 10.11 in tests/fixtures/streams), not 0.
 * 
 * A non-blocking dump (flag BINLOG_DUMP_NON_BLOCK) ends with an EOF packet once the last
 * binlog's last event was sent; a blocking one waits for more events. An error (purged
 * file, missing privilege...) is an ERR packet, after which the source closes the
 * connection.
 * 
 * The commands a replica sends to start the stream are declared below
 * (`com_register_slave`, `com_binlog_dump`, `com_binlog_dump_gtid`), as the source
 * reads them.
 * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_replication.html|Source}
 * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_basic_err_packet.html|Source}
 * @see {@link https://mariadb.com/kb/en/com_binlog_dump/|Source}
 * @see {@link https://mariadb.com/kb/en/semi-synchronous-replication/|Source}
 */

var BinlogStreamPacket = (function() {
  BinlogStreamPacket.DumpFlag = Object.freeze({
    NON_BLOCK: 1,
    SEND_ANNOTATE_ROWS_EVENT: 2,
    THROUGH_GTID: 4,

    1: "NON_BLOCK",
    2: "SEND_ANNOTATE_ROWS_EVENT",
    4: "THROUGH_GTID",
  });

  BinlogStreamPacket.HeartbeatV2FieldType = Object.freeze({
    HEADER_END_MARK: 0,
    LOG_FILENAME: 1,
    LOG_POSITION: 2,

    0: "HEADER_END_MARK",
    1: "LOG_FILENAME",
    2: "LOG_POSITION",
  });

  BinlogStreamPacket.SemiSyncFlag = Object.freeze({
    NO_REPLY: 0,
    REPLY_REQUIRED: 1,

    0: "NO_REPLY",
    1: "REPLY_REQUIRED",
  });

  BinlogStreamPacket.Status = Object.freeze({
    OK: 0,
    EOF: 254,
    ERR: 255,

    0: "OK",
    254: "EOF",
    255: "ERR",
  });

  function BinlogStreamPacket(_io, _parent, _root, semiSync) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;
    this.semiSync = semiSync;

    this._read();
  }
  BinlogStreamPacket.prototype._read = function() {
    this.status = this._io.readU1();
    switch (this.status) {
    case BinlogStreamPacket.Status.EOF:
      this._raw_body = this._io.readBytesFull();
      var _io__raw_body = new KaitaiStream(this._raw_body);
      this.body = new EofPacket(_io__raw_body, this, this._root);
      break;
    case BinlogStreamPacket.Status.ERR:
      this._raw_body = this._io.readBytesFull();
      var _io__raw_body = new KaitaiStream(this._raw_body);
      this.body = new ErrPacket(_io__raw_body, this, this._root);
      break;
    case BinlogStreamPacket.Status.OK:
      this._raw_body = this._io.readBytesFull();
      var _io__raw_body = new KaitaiStream(this._raw_body);
      this.body = new EventPacket(_io__raw_body, this, this._root, this.semiSync);
      break;
    default:
      this.body = this._io.readBytesFull();
      break;
    }
  }

  /**
   * COM_BINLOG_DUMP: stream the binlogs from a file and offset. MariaDB's GTID start
   * is this command too, with the file name empty and `@slave_connect_state` set on the
   * connection beforehand.
   * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_com_binlog_dump.html|Source}
   */

  var ComBinlogDump = BinlogStreamPacket.ComBinlogDump = (function() {
    function ComBinlogDump(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    ComBinlogDump.prototype._read = function() {
      this.command = this._io.readBytes(1);
      if (!((KaitaiStream.byteArrayCompare(this.command, new Uint8Array([18])) == 0))) {
        throw new KaitaiStream.ValidationNotEqualError(new Uint8Array([18]), this.command, this._io, "/types/com_binlog_dump/seq/0");
      }
      this.binlogPos = this._io.readU4le();
      this.flags = this._io.readU2le();
      this.serverId = this._io.readU4le();
      this.binlogFilename = KaitaiStream.bytesToStr(this._io.readBytesFull(), "UTF-8");
    }

    /**
     * Offset in the file to start at (4 for its start).
     */

    /**
     * Bit set of `dump_flag`.
     */

    /**
     * The replica's server_id: the source drops an older dump connection with the same
     * id (MariaDB, MySQL) and refuses its own.
     */

    /**
     * The file to start in, not NUL-terminated.
     */

    return ComBinlogDump;
  })();

  /**
   * MySQL's COM_BINLOG_DUMP_GTID: stream every transaction not in the given GTID set,
   * from the first binlog that holds one.
   * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_com_binlog_dump_gtid.html|Source}
   */

  var ComBinlogDumpGtid = BinlogStreamPacket.ComBinlogDumpGtid = (function() {
    function ComBinlogDumpGtid(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    ComBinlogDumpGtid.prototype._read = function() {
      this.command = this._io.readBytes(1);
      if (!((KaitaiStream.byteArrayCompare(this.command, new Uint8Array([30])) == 0))) {
        throw new KaitaiStream.ValidationNotEqualError(new Uint8Array([30]), this.command, this._io, "/types/com_binlog_dump_gtid/seq/0");
      }
      this.flags = this._io.readU2le();
      this.serverId = this._io.readU4le();
      this.lenBinlogFilename = this._io.readU4le();
      this.binlogFilename = KaitaiStream.bytesToStr(this._io.readBytes(this.lenBinlogFilename), "UTF-8");
      this.binlogPos = new MysqlUint64_.MysqlUint64(this._io, null, null);
      if ((this.flags & BinlogStreamPacket.DumpFlag.THROUGH_GTID) != 0) {
        this.lenSidSet = this._io.readU4le();
      }
      if ((this.flags & BinlogStreamPacket.DumpFlag.THROUGH_GTID) != 0) {
        this._raw_sidSet = this._io.readBytes(this.lenSidSet);
        var _io__raw_sidSet = new KaitaiStream(this._raw_sidSet);
        this.sidSet = new SidSet(_io__raw_sidSet, this, this._root);
      }
    }

    /**
     * Bit set of `dump_flag`; through_gtid is set when the GTID set is given.
     */

    return ComBinlogDumpGtid;
  })();

  /**
   * COM_REGISTER_SLAVE: the replica's identity, listed by the source's SHOW SLAVE HOSTS.
   * The source answers OK or ERR.
   * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_com_register_replica.html|Source}
   */

  var ComRegisterSlave = BinlogStreamPacket.ComRegisterSlave = (function() {
    function ComRegisterSlave(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    ComRegisterSlave.prototype._read = function() {
      this.command = this._io.readBytes(1);
      if (!((KaitaiStream.byteArrayCompare(this.command, new Uint8Array([21])) == 0))) {
        throw new KaitaiStream.ValidationNotEqualError(new Uint8Array([21]), this.command, this._io, "/types/com_register_slave/seq/0");
      }
      this.serverId = this._io.readU4le();
      this.lenHostname = this._io.readU1();
      this.hostname = KaitaiStream.bytesToStr(this._io.readBytes(this.lenHostname), "UTF-8");
      this.lenUser = this._io.readU1();
      this.user = KaitaiStream.bytesToStr(this._io.readBytes(this.lenUser), "UTF-8");
      this.lenPassword = this._io.readU1();
      this.password = this._io.readBytes(this.lenPassword);
      this.port = this._io.readU2le();
      this.replicationRank = this._io.readU4le();
      this.masterId = this._io.readU4le();
    }

    /**
     * Ignored by the source.
     */

    /**
     * Ignored by the source (0).
     */

    return ComRegisterSlave;
  })();

  /**
   * The end of a non-blocking dump: the source has sent the last event of its last
   * binlog. Protocol 4.1's EOF packet (a replica that did not ask for
   * CLIENT_DEPRECATE_EOF).
   */

  var EofPacket = BinlogStreamPacket.EofPacket = (function() {
    function EofPacket(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    EofPacket.prototype._read = function() {
      this.warnings = this._io.readU2le();
      this.statusFlags = this._io.readU2le();
    }

    return EofPacket;
  })();

  /**
   * An error; the source closes the connection after it.
   * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_basic_err_packet.html|Source}
   */

  var ErrPacket = BinlogStreamPacket.ErrPacket = (function() {
    function ErrPacket(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    ErrPacket.prototype._read = function() {
      this.errorCode = this._io.readU2le();
      this.sqlStateMarker = this._io.readBytes(1);
      if (!((KaitaiStream.byteArrayCompare(this.sqlStateMarker, new Uint8Array([35])) == 0))) {
        throw new KaitaiStream.ValidationNotEqualError(new Uint8Array([35]), this.sqlStateMarker, this._io, "/types/err_packet/seq/1");
      }
      this.sqlState = KaitaiStream.bytesToStr(this._io.readBytes(5), "ASCII");
      this.message = KaitaiStream.bytesToStr(this._io.readBytesFull(), "UTF-8");
    }

    /**
     * The server's error number, e.g. 1236 ER_MASTER_FATAL_ERROR_READING_BINLOG
     * (purged or missing file, bad position), 1227 (no REPLICATION SLAVE privilege).
     */

    return ErrPacket;
  })();

  /**
   * One binlog event, after the semi-sync header when there is one.
   */

  var EventPacket = BinlogStreamPacket.EventPacket = (function() {
    function EventPacket(_io, _parent, _root, semiSync) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.semiSync = semiSync;

      this._read();
    }
    EventPacket.prototype._read = function() {
      if (this.semiSync) {
        this.semiSyncIndicator = this._io.readU1();
        if (!(this.semiSyncIndicator == 239)) {
          throw new KaitaiStream.ValidationNotEqualError(239, this.semiSyncIndicator, this._io, "/types/event_packet/seq/0");
        }
      }
      if (this.semiSync) {
        this.semiSyncFlags = this._io.readU1();
      }
      this.event = this._io.readBytesFull();
    }

    /**
     * The event's common header. Every source that streams binlogs writes v4 binlogs,
     * whose common header is 19 bytes.
     */
    Object.defineProperty(EventPacket.prototype, 'header', {
      get: function() {
        if (this._m_header !== undefined)
          return this._m_header;
        var _pos = this._io.pos;
        this._io.seek(this.ofsEvent);
        this._m_header = new MysqlBinlog_.MysqlBinlog.EventHeader(this._io, null, null, 19, false);
        this._io.seek(_pos);
        return this._m_header;
      }
    });

    /**
     * Not in the binlog file: the ROTATE_EVENT before each file (LOG_EVENT_ARTIFICIAL_F,
     * log_pos 0), the FORMAT_DESCRIPTION_EVENT sent again to a dump that starts past
     * offset 4, MariaDB's GTID_LIST_EVENT at a GTID start (flagged, log_pos real), and heartbeats
     * (whose log_pos is the source's position).
     */
    Object.defineProperty(EventPacket.prototype, 'isArtificial', {
      get: function() {
        if (this._m_isArtificial !== undefined)
          return this._m_isArtificial;
        this._m_isArtificial =  ((this.header.logPos == 0) || (this.header.isArtificial) || (this.header.typeCode == MysqlEventType_.MysqlEventType.EventType.HEARTBEAT_LOG_EVENT) || (this.header.typeCode == MysqlEventType_.MysqlEventType.EventType.HEARTBEAT_LOG_EVENT_V2)) ;
        return this._m_isArtificial;
      }
    });
    Object.defineProperty(EventPacket.prototype, 'ofsEvent', {
      get: function() {
        if (this._m_ofsEvent !== undefined)
          return this._m_ofsEvent;
        this._m_ofsEvent = (this.semiSync ? 2 : 0);
        return this._m_ofsEvent;
      }
    });

    /**
     * `reply_required` when the source waits for the replica to acknowledge this
     * event (the last of a transaction) before it lets the commit return.
     */

    /**
     * The event's bytes, header to checksum: a `mysql_binlog::event` laid out by the
     * FORMAT_DESCRIPTION_EVENT in force (the last one the stream carried).
     */

    return EventPacket;
  })();

  var GnoInterval = BinlogStreamPacket.GnoInterval = (function() {
    function GnoInterval(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    GnoInterval.prototype._read = function() {
      this.start = new MysqlUint64_.MysqlUint64(this._io, null, null);
      this.end = new MysqlUint64_.MysqlUint64(this._io, null, null);
    }

    /**
     * One past the last transaction number of the interval.
     */

    return GnoInterval;
  })();

  /**
   * Body of HEARTBEAT_LOG_EVENT_V2 (MySQL 8.0.26+; the v1 body is
   * `mysql_binlog::heartbeat_event`): fields as type, length, value, up to an end
   * mark. Like v1, never written to a file.
   * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Heartbeat__event__v2.html|Source}
   */

  var HeartbeatV2 = BinlogStreamPacket.HeartbeatV2 = (function() {
    function HeartbeatV2(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    HeartbeatV2.prototype._read = function() {
      this.fields = [];
      var i = 0;
      do {
        var _ = new HeartbeatV2Field(this._io, this, this._root);
        this.fields.push(_);
        i++;
      } while (!( ((_.fieldType == BinlogStreamPacket.HeartbeatV2FieldType.HEADER_END_MARK) || (this._io.isEof())) ));
    }

    return HeartbeatV2;
  })();

  var HeartbeatV2Field = BinlogStreamPacket.HeartbeatV2Field = (function() {
    function HeartbeatV2Field(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    HeartbeatV2Field.prototype._read = function() {
      this.fieldType = this._io.readU1();
      if (this.fieldType != BinlogStreamPacket.HeartbeatV2FieldType.HEADER_END_MARK) {
        this.lenValue = new MysqlPackedInt_.MysqlPackedInt(this._io, null, null);
      }
      if (this.fieldType != BinlogStreamPacket.HeartbeatV2FieldType.HEADER_END_MARK) {
        this.value = this._io.readBytes(this.lenValue.value);
      }
    }

    /**
     * A packed integer, one byte for every type MySQL defines.
     */

    /**
     * log_filename: the source's current binlog; log_position: its current offset,
     * a packed integer.
     */

    return HeartbeatV2Field;
  })();

  var SidIntervals = BinlogStreamPacket.SidIntervals = (function() {
    function SidIntervals(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    SidIntervals.prototype._read = function() {
      this.sid = this._io.readBytes(16);
      this.numIntervals = new MysqlUint64_.MysqlUint64(this._io, null, null);
      this.intervals = [];
      for (var i = 0; i < this.numIntervals.value; i++) {
        this.intervals.push(new GnoInterval(this._io, this, this._root));
      }
    }

    return SidIntervals;
  })();

  /**
   * A GTID set as MySQL encodes it (Gtid_set::encode); tagged GTIDs are not sent so.
   */

  var SidSet = BinlogStreamPacket.SidSet = (function() {
    function SidSet(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    SidSet.prototype._read = function() {
      this.numSids = new MysqlUint64_.MysqlUint64(this._io, null, null);
      this.sids = [];
      for (var i = 0; i < this.numSids.value; i++) {
        this.sids.push(new SidIntervals(this._io, this, this._root));
      }
    }

    return SidSet;
  })();

  /**
   * Semi-synchronous replication is on at the source and the replica asked for it
   * (`SET @rpl_semi_sync_slave = 1`): every event packet has the 2-byte semi-sync header.
   */

  return BinlogStreamPacket;
})();
BinlogStreamPacket_.BinlogStreamPacket = BinlogStreamPacket;
});
