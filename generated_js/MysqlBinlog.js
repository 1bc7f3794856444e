// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './MariadbGtidEvent', './PreviousGtidsEvent', './GtidEvent', './MysqlEventType', './TransactionPayloadEvent', './MysqlUint64', './MariadbGtidListEvent', './RowsEvent', './GtidTaggedEvent', './QueryEvent', './TableMapEvent'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./MariadbGtidEvent'), require('./PreviousGtidsEvent'), require('./GtidEvent'), require('./MysqlEventType'), require('./TransactionPayloadEvent'), require('./MysqlUint64'), require('./MariadbGtidListEvent'), require('./RowsEvent'), require('./GtidTaggedEvent'), require('./QueryEvent'), require('./TableMapEvent'));
  } else {
    factory(root.MysqlBinlog || (root.MysqlBinlog = {}), root.KaitaiStream, root.MariadbGtidEvent || (root.MariadbGtidEvent = {}), root.PreviousGtidsEvent || (root.PreviousGtidsEvent = {}), root.GtidEvent || (root.GtidEvent = {}), root.MysqlEventType || (root.MysqlEventType = {}), root.TransactionPayloadEvent || (root.TransactionPayloadEvent = {}), root.MysqlUint64 || (root.MysqlUint64 = {}), root.MariadbGtidListEvent || (root.MariadbGtidListEvent = {}), root.RowsEvent || (root.RowsEvent = {}), root.GtidTaggedEvent || (root.GtidTaggedEvent = {}), root.QueryEvent || (root.QueryEvent = {}), root.TableMapEvent || (root.TableMapEvent = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (MysqlBinlog_, KaitaiStream, MariadbGtidEvent_, PreviousGtidsEvent_, GtidEvent_, MysqlEventType_, TransactionPayloadEvent_, MysqlUint64_, MariadbGtidListEvent_, RowsEvent_, GtidTaggedEvent_, QueryEvent_, TableMapEvent_) {
/**
 * A binary log file as written by MySQL (3.23 to 9.x) and MariaDB: the 4-byte magic, then
 * events back to back. Each event is a common header, an event-specific body and, when
 * the server checksums events, a CRC32 footer.
 * 
 * The first event decides how every other event is laid out. In binlog version 4
 * (MySQL 5.0+, every MariaDB) it is a FORMAT_DESCRIPTION_EVENT that declares the common
 * header length, one post-header length per event type and the checksum algorithm.
 * Versions 1 (3.23) and 3 (4.0.2-4.1) start with a START_EVENT_V3 and use fixed lengths.
 * 
 * This top-level type reads a whole file with the layout of its first event. A reader that
 * streams (or meets a second FORMAT_DESCRIPTION_EVENT mid-file, as relay logs have) parses
 * `event` one at a time and passes the lengths of the FORMAT_DESCRIPTION_EVENT in force.
 * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_replication_binlog_event.html|Source}
 * @see {@link https://mariadb.com/kb/en/replication-protocol/|Source}
 */

var MysqlBinlog = (function() {
  MysqlBinlog.ChecksumAlg = Object.freeze({
    OFF: 0,
    CRC32: 1,
    UNDEF: 255,

    0: "OFF",
    1: "CRC32",
    255: "UNDEF",
  });

  MysqlBinlog.EventFlag = Object.freeze({
    BINLOG_IN_USE: 1,
    FORCED_ROTATE: 2,
    THREAD_SPECIFIC: 4,
    SUPPRESS_USE: 8,
    UPDATE_TABLE_MAP_VERSION: 16,
    ARTIFICIAL: 32,
    RELAY_LOG: 64,
    IGNORABLE: 128,
    NO_FILTER: 256,
    MTS_ISOLATE: 512,

    1: "BINLOG_IN_USE",
    2: "FORCED_ROTATE",
    4: "THREAD_SPECIFIC",
    8: "SUPPRESS_USE",
    16: "UPDATE_TABLE_MAP_VERSION",
    32: "ARTIFICIAL",
    64: "RELAY_LOG",
    128: "IGNORABLE",
    256: "NO_FILTER",
    512: "MTS_ISOLATE",
  });

  MysqlBinlog.IncidentType = Object.freeze({
    NONE: 0,
    LOST_EVENTS: 1,

    0: "NONE",
    1: "LOST_EVENTS",
  });

  MysqlBinlog.IntvarType = Object.freeze({
    INVALID_INT: 0,
    LAST_INSERT_ID: 1,
    INSERT_ID: 2,

    0: "INVALID_INT",
    1: "LAST_INSERT_ID",
    2: "INSERT_ID",
  });

  MysqlBinlog.ItemResult = Object.freeze({
    STRING_RESULT: 0,
    REAL_RESULT: 1,
    INT_RESULT: 2,
    ROW_RESULT: 3,
    DECIMAL_RESULT: 4,

    0: "STRING_RESULT",
    1: "REAL_RESULT",
    2: "INT_RESULT",
    3: "ROW_RESULT",
    4: "DECIMAL_RESULT",
  });

  function MysqlBinlog(_io, _parent, _root) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;

    this._read();
  }
  MysqlBinlog.prototype._read = function() {
    this.magic = this._io.readBytes(4);
    if (!((KaitaiStream.byteArrayCompare(this.magic, new Uint8Array([254, 98, 105, 110])) == 0))) {
      throw new KaitaiStream.ValidationNotEqualError(new Uint8Array([254, 98, 105, 110]), this.magic, this._io, "/seq/0");
    }
    this.firstEvent = new Event(this._io, this, this._root, this.firstHeaderLen, 0, this.postHeaderLengthsV3, false);
    this.events = [];
    var i = 0;
    while (!this._io.isEof()) {
      this.events.push(new Event(this._io, this, this._root, this.headerLen, this.checksumLen, this.postHeaderLengths, this.isTypeCodePermuted));
      i++;
    }
  }

  /**
   * The statement that produced the rows events that follow (MariaDB).
   * @see {@link https://mariadb.com/kb/en/annotate_rows_event/|Source}
   */

  var AnnotateRowsEvent = MysqlBinlog.AnnotateRowsEvent = (function() {
    function AnnotateRowsEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    AnnotateRowsEvent.prototype._read = function() {
      this.query = this._io.readBytesFull();
    }

    return AnnotateRowsEvent;
  })();

  /**
   * MariaDB: the oldest binlog file still needed for crash recovery when this event was
   * written.
   * @see {@link https://mariadb.com/kb/en/binlog_checkpoint_event/|Source}
   */

  var BinlogCheckpointEvent = MysqlBinlog.BinlogCheckpointEvent = (function() {
    function BinlogCheckpointEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    BinlogCheckpointEvent.prototype._read = function() {
      this.lenBinlogFile = this._io.readU4le();
      this.binlogFileName = KaitaiStream.bytesToStr(this._io.readBytes(this.lenBinlogFile), "UTF-8");
    }

    return BinlogCheckpointEvent;
  })();

  /**
   * MySQL 4.x LOAD DATA: the LOAD description plus the first block of the file
   * (CREATE_FILE_EVENT); later blocks come as APPEND_BLOCK_EVENTs, EXEC_LOAD_EVENT runs it.
   */

  var CreateFileEvent = MysqlBinlog.CreateFileEvent = (function() {
    function CreateFileEvent(_io, _parent, _root, loadPostHeaderLen) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.loadPostHeaderLen = loadPostHeaderLen;

      this._read();
    }
    CreateFileEvent.prototype._read = function() {
      this._raw_postHeader = this._io.readBytes(this.loadPostHeaderLen);
      var _io__raw_postHeader = new KaitaiStream(this._raw_postHeader);
      this.postHeader = new LoadPostHeader(_io__raw_postHeader, this, this._root);
      this.fileId = this._io.readU4le();
      this.info = new LoadInfo(this._io, this, this._root, this.postHeader.lenTableName, this.postHeader.lenDb, this.postHeader.numFields, true, true);
      this.block = this._io.readBytesFull();
    }

    return CreateFileEvent;
  })();

  /**
   * An event with no body (STOP_EVENT).
   */

  var EmptyEvent = MysqlBinlog.EmptyEvent = (function() {
    function EmptyEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    EmptyEvent.prototype._read = function() {
    }

    return EmptyEvent;
  })();

  /**
   * One event: common header, body, and a CRC32 footer when `checksum_len` is 4.
   * The body is a substream of exactly event_length - header - footer bytes, so a body
   * type never reads past its event and an unknown event type is kept as bytes.
   */

  var Event = MysqlBinlog.Event = (function() {
    function Event(_io, _parent, _root, headerLen, checksumLen, postHeaderLengths, isTypeCodePermuted) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.headerLen = headerLen;
      this.checksumLen = checksumLen;
      this.postHeaderLengths = postHeaderLengths;
      this.isTypeCodePermuted = isTypeCodePermuted;

      this._read();
    }
    Event.prototype._read = function() {
      this.header = new EventHeader(this._io, this, this._root, this.headerLen, this.isTypeCodePermuted);
      switch (this.header.typeCode) {
      case MysqlEventType_.MysqlEventType.EventType.ANNOTATE_ROWS_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new AnnotateRowsEvent(_io__raw_body, this, this._root);
        break;
      case MysqlEventType_.MysqlEventType.EventType.ANONYMOUS_GTID_LOG_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new GtidEvent_.GtidEvent(_io__raw_body, null, null);
        break;
      case MysqlEventType_.MysqlEventType.EventType.APPEND_BLOCK_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new FileBlockEvent(_io__raw_body, this, this._root);
        break;
      case MysqlEventType_.MysqlEventType.EventType.BEGIN_LOAD_QUERY_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new FileBlockEvent(_io__raw_body, this, this._root);
        break;
      case MysqlEventType_.MysqlEventType.EventType.BINLOG_CHECKPOINT_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new BinlogCheckpointEvent(_io__raw_body, this, this._root);
        break;
      case MysqlEventType_.MysqlEventType.EventType.CREATE_FILE_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new CreateFileEvent(_io__raw_body, this, this._root, (this.postHeaderLengths.length >= 6 ? this.postHeaderLengths[5] : 18));
        break;
      case MysqlEventType_.MysqlEventType.EventType.DELETE_FILE_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new FileIdEvent(_io__raw_body, this, this._root);
        break;
      case MysqlEventType_.MysqlEventType.EventType.DELETE_ROWS_COMPRESSED_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new RowsEvent_.RowsEvent(_io__raw_body, null, null, this.postHeaderLen, this.header.typeCode);
        break;
      case MysqlEventType_.MysqlEventType.EventType.DELETE_ROWS_COMPRESSED_EVENT_V1:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new RowsEvent_.RowsEvent(_io__raw_body, null, null, this.postHeaderLen, this.header.typeCode);
        break;
      case MysqlEventType_.MysqlEventType.EventType.DELETE_ROWS_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new RowsEvent_.RowsEvent(_io__raw_body, null, null, this.postHeaderLen, this.header.typeCode);
        break;
      case MysqlEventType_.MysqlEventType.EventType.DELETE_ROWS_EVENT_V1:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new RowsEvent_.RowsEvent(_io__raw_body, null, null, this.postHeaderLen, this.header.typeCode);
        break;
      case MysqlEventType_.MysqlEventType.EventType.EXEC_LOAD_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new FileIdEvent(_io__raw_body, this, this._root);
        break;
      case MysqlEventType_.MysqlEventType.EventType.EXECUTE_LOAD_QUERY_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new QueryEvent_.QueryEvent(_io__raw_body, null, null, this.postHeaderLen, true, false);
        break;
      case MysqlEventType_.MysqlEventType.EventType.FORMAT_DESCRIPTION_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new FormatDescriptionEvent(_io__raw_body, this, this._root);
        break;
      case MysqlEventType_.MysqlEventType.EventType.GTID_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new MariadbGtidEvent_.MariadbGtidEvent(_io__raw_body, null, null);
        break;
      case MysqlEventType_.MysqlEventType.EventType.GTID_LIST_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new MariadbGtidListEvent_.MariadbGtidListEvent(_io__raw_body, null, null);
        break;
      case MysqlEventType_.MysqlEventType.EventType.GTID_LOG_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new GtidEvent_.GtidEvent(_io__raw_body, null, null);
        break;
      case MysqlEventType_.MysqlEventType.EventType.GTID_TAGGED_LOG_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new GtidTaggedEvent_.GtidTaggedEvent(_io__raw_body, null, null);
        break;
      case MysqlEventType_.MysqlEventType.EventType.HEARTBEAT_LOG_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new HeartbeatEvent(_io__raw_body, this, this._root);
        break;
      case MysqlEventType_.MysqlEventType.EventType.INCIDENT_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new IncidentEvent(_io__raw_body, this, this._root);
        break;
      case MysqlEventType_.MysqlEventType.EventType.INTVAR_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new IntvarEvent(_io__raw_body, this, this._root);
        break;
      case MysqlEventType_.MysqlEventType.EventType.LOAD_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new LoadEvent(_io__raw_body, this, this._root, this.postHeaderLen, false);
        break;
      case MysqlEventType_.MysqlEventType.EventType.NEW_LOAD_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new LoadEvent(_io__raw_body, this, this._root, this.postHeaderLen, true);
        break;
      case MysqlEventType_.MysqlEventType.EventType.PARTIAL_UPDATE_ROWS_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new RowsEvent_.RowsEvent(_io__raw_body, null, null, this.postHeaderLen, this.header.typeCode);
        break;
      case MysqlEventType_.MysqlEventType.EventType.PRE_GA_DELETE_ROWS_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new RowsEvent_.RowsEvent(_io__raw_body, null, null, this.postHeaderLen, this.header.typeCode);
        break;
      case MysqlEventType_.MysqlEventType.EventType.PRE_GA_UPDATE_ROWS_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new RowsEvent_.RowsEvent(_io__raw_body, null, null, this.postHeaderLen, this.header.typeCode);
        break;
      case MysqlEventType_.MysqlEventType.EventType.PRE_GA_WRITE_ROWS_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new RowsEvent_.RowsEvent(_io__raw_body, null, null, this.postHeaderLen, this.header.typeCode);
        break;
      case MysqlEventType_.MysqlEventType.EventType.PREVIOUS_GTIDS_LOG_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new PreviousGtidsEvent_.PreviousGtidsEvent(_io__raw_body, null, null);
        break;
      case MysqlEventType_.MysqlEventType.EventType.QUERY_COMPRESSED_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new QueryEvent_.QueryEvent(_io__raw_body, null, null, this.postHeaderLen, false, true);
        break;
      case MysqlEventType_.MysqlEventType.EventType.QUERY_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new QueryEvent_.QueryEvent(_io__raw_body, null, null, this.postHeaderLen, false, false);
        break;
      case MysqlEventType_.MysqlEventType.EventType.RAND_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new RandEvent(_io__raw_body, this, this._root);
        break;
      case MysqlEventType_.MysqlEventType.EventType.ROTATE_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new RotateEvent(_io__raw_body, this, this._root, this.postHeaderLen);
        break;
      case MysqlEventType_.MysqlEventType.EventType.ROWS_QUERY_LOG_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new RowsQueryEvent(_io__raw_body, this, this._root);
        break;
      case MysqlEventType_.MysqlEventType.EventType.START_ENCRYPTION_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new StartEncryptionEvent(_io__raw_body, this, this._root);
        break;
      case MysqlEventType_.MysqlEventType.EventType.START_EVENT_V3:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new StartEventV3(_io__raw_body, this, this._root);
        break;
      case MysqlEventType_.MysqlEventType.EventType.STOP_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new EmptyEvent(_io__raw_body, this, this._root);
        break;
      case MysqlEventType_.MysqlEventType.EventType.TABLE_MAP_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new TableMapEvent_.TableMapEvent(_io__raw_body, null, null, this.postHeaderLen);
        break;
      case MysqlEventType_.MysqlEventType.EventType.TRANSACTION_PAYLOAD_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new TransactionPayloadEvent_.TransactionPayloadEvent(_io__raw_body, null, null, this.headerLen, this.postHeaderLengths);
        break;
      case MysqlEventType_.MysqlEventType.EventType.UPDATE_ROWS_COMPRESSED_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new RowsEvent_.RowsEvent(_io__raw_body, null, null, this.postHeaderLen, this.header.typeCode);
        break;
      case MysqlEventType_.MysqlEventType.EventType.UPDATE_ROWS_COMPRESSED_EVENT_V1:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new RowsEvent_.RowsEvent(_io__raw_body, null, null, this.postHeaderLen, this.header.typeCode);
        break;
      case MysqlEventType_.MysqlEventType.EventType.UPDATE_ROWS_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new RowsEvent_.RowsEvent(_io__raw_body, null, null, this.postHeaderLen, this.header.typeCode);
        break;
      case MysqlEventType_.MysqlEventType.EventType.UPDATE_ROWS_EVENT_V1:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new RowsEvent_.RowsEvent(_io__raw_body, null, null, this.postHeaderLen, this.header.typeCode);
        break;
      case MysqlEventType_.MysqlEventType.EventType.USER_VAR_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new UserVarEvent(_io__raw_body, this, this._root);
        break;
      case MysqlEventType_.MysqlEventType.EventType.WRITE_ROWS_COMPRESSED_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new RowsEvent_.RowsEvent(_io__raw_body, null, null, this.postHeaderLen, this.header.typeCode);
        break;
      case MysqlEventType_.MysqlEventType.EventType.WRITE_ROWS_COMPRESSED_EVENT_V1:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new RowsEvent_.RowsEvent(_io__raw_body, null, null, this.postHeaderLen, this.header.typeCode);
        break;
      case MysqlEventType_.MysqlEventType.EventType.WRITE_ROWS_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new RowsEvent_.RowsEvent(_io__raw_body, null, null, this.postHeaderLen, this.header.typeCode);
        break;
      case MysqlEventType_.MysqlEventType.EventType.WRITE_ROWS_EVENT_V1:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new RowsEvent_.RowsEvent(_io__raw_body, null, null, this.postHeaderLen, this.header.typeCode);
        break;
      case MysqlEventType_.MysqlEventType.EventType.XA_PREPARE_LOG_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new XaPrepareEvent(_io__raw_body, this, this._root);
        break;
      case MysqlEventType_.MysqlEventType.EventType.XID_EVENT:
        this._raw_body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        var _io__raw_body = new KaitaiStream(this._raw_body);
        this.body = new XidEvent(_io__raw_body, this, this._root);
        break;
      default:
        this.body = this._io.readBytes((this.header.eventLength - this.header.size) - this.footerLen);
        break;
      }
      if (this.footerLen == 4) {
        this.checksum = this._io.readU4le();
      }
    }

    /**
     * A FORMAT_DESCRIPTION_EVENT declares its own checksum fields, so its footer is
     * read as part of its body.
     */
    Object.defineProperty(Event.prototype, 'footerLen', {
      get: function() {
        if (this._m_footerLen !== undefined)
          return this._m_footerLen;
        this._m_footerLen = (this.header.typeCode == MysqlEventType_.MysqlEventType.EventType.FORMAT_DESCRIPTION_EVENT ? 0 : this.checksumLen);
        return this._m_footerLen;
      }
    });

    /**
     * This event type's post-header length, 0 when the FDE does not list the type. The
     * FDE lists them in the order of the type codes as written, permuted or not.
     */
    Object.defineProperty(Event.prototype, 'postHeaderLen', {
      get: function() {
        if (this._m_postHeaderLen !== undefined)
          return this._m_postHeaderLen;
        this._m_postHeaderLen = ( ((this.header.rawTypeCode >= 1) && (this.header.rawTypeCode <= this.postHeaderLengths.length))  ? this.postHeaderLengths[this.header.rawTypeCode - 1] : 0);
        return this._m_postHeaderLen;
      }
    });

    /**
     * Event types without a case here (IGNORABLE, TRANSACTION_CONTEXT, VIEW_CHANGE,
     * HEARTBEAT_V2, vendor codes such as Aurora's 100) stay raw bytes.
     */

    /**
     * CRC32 (zlib polynomial) of every preceding byte of the event. For the
     * FORMAT_DESCRIPTION_EVENT it lives inside the body, see format_description_event.
     */

    /**
     * Common header length in force (13 in v1, 19 or more from the FDE).
     */

    /**
     * 4 when the governing FDE's checksum algorithm is CRC32, else 0.
     */

    /**
     * The governing FDE's post-header length per event type (index = type code as
     * written - 1).
     */

    /**
     * The governing FDE's `has_permuted_type_codes`: type codes 16-22 are those of an
     * early 5.1/5.2 build.
     */

    return Event;
  })();

  /**
   * The common header. v1 has the first four fields (13 bytes); v3 and v4 add log_pos and
   * flags (19 bytes); a v4 FDE may declare a longer header (5.1-google wrote 23, 27 and
   * 31 bytes), whose extra bytes are skipped. The FORMAT_DESCRIPTION_EVENT itself always
   * has a 19-byte header, since its reader cannot know the length yet.
   * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Log__event__header.html|Source}
   */

  var EventHeader = MysqlBinlog.EventHeader = (function() {
    function EventHeader(_io, _parent, _root, headerLen, isTypeCodePermuted) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.headerLen = headerLen;
      this.isTypeCodePermuted = isTypeCodePermuted;

      this._read();
    }
    EventHeader.prototype._read = function() {
      this.timestamp = this._io.readU4le();
      this.rawTypeCode = this._io.readU1();
      this.serverId = this._io.readU4le();
      this.eventLength = this._io.readU4le();
      if (!(this.eventLength >= this.headerLen)) {
        throw new KaitaiStream.ValidationLessThanError(this.headerLen, this.eventLength, this._io, "/types/event_header/seq/3");
      }
      if (this.headerLen > 13) {
        this.logPos = this._io.readU4le();
      }
      if (this.headerLen > 13) {
        this.flags = this._io.readU2le();
      }
      if ( ((this.headerLen > 19) && (this.typeCode != MysqlEventType_.MysqlEventType.EventType.FORMAT_DESCRIPTION_EVENT)) ) {
        this.extraHeaders = this._io.readBytes(this.headerLen - 19);
      }
    }
    Object.defineProperty(EventHeader.prototype, 'isArtificial', {
      get: function() {
        if (this._m_isArtificial !== undefined)
          return this._m_isArtificial;
        this._m_isArtificial =  ((this.headerLen > 13) && ((this.flags & MysqlBinlog.EventFlag.ARTIFICIAL) != 0)) ;
        return this._m_isArtificial;
      }
    });

    /**
     * Set in a FORMAT_DESCRIPTION_EVENT while its file is open; left set by a crash.
     */
    Object.defineProperty(EventHeader.prototype, 'isBinlogInUse', {
      get: function() {
        if (this._m_isBinlogInUse !== undefined)
          return this._m_isBinlogInUse;
        this._m_isBinlogInUse =  ((this.headerLen > 13) && ((this.flags & MysqlBinlog.EventFlag.BINLOG_IN_USE) != 0)) ;
        return this._m_isBinlogInUse;
      }
    });

    /**
     * Written by a replica's I/O thread into its relay log.
     */
    Object.defineProperty(EventHeader.prototype, 'isRelayLog', {
      get: function() {
        if (this._m_isRelayLog !== undefined)
          return this._m_isRelayLog;
        this._m_isRelayLog =  ((this.headerLen > 13) && ((this.flags & MysqlBinlog.EventFlag.RELAY_LOG) != 0)) ;
        return this._m_isRelayLog;
      }
    });

    /**
     * The event type of `raw_type_code` in the numbering of early 5.1/5.2 builds. It
     * reads no byte: a parse instance only because the compiler cannot give a value
     * instance an enum of another spec.
     */
    Object.defineProperty(EventHeader.prototype, 'permutedTypeCode', {
      get: function() {
        if (this._m_permutedTypeCode !== undefined)
          return this._m_permutedTypeCode;
        if (this.isTypeCodePermuted) {
          var _pos = this._io.pos;
          this._io.seek(0);
          this._raw__m_permutedTypeCode = this._io.readBytes(0);
          var _io__raw__m_permutedTypeCode = new KaitaiStream(this._raw__m_permutedTypeCode);
          this._m_permutedTypeCode = new MysqlEventType_.MysqlEventType.PermutedTypeCode(_io__raw__m_permutedTypeCode, null, null, this.rawTypeCode);
          this._io.seek(_pos);
        }
        return this._m_permutedTypeCode;
      }
    });

    /**
     * Bytes this header occupies.
     */
    Object.defineProperty(EventHeader.prototype, 'size', {
      get: function() {
        if (this._m_size !== undefined)
          return this._m_size;
        this._m_size = ( ((this.headerLen <= 19) || (this.typeCode == MysqlEventType_.MysqlEventType.EventType.FORMAT_DESCRIPTION_EVENT))  ? (this.headerLen <= 13 ? 13 : 19) : this.headerLen);
        return this._m_size;
      }
    });

    /**
     * The event type; see `mysql_event_type`.
     */
    Object.defineProperty(EventHeader.prototype, 'typeCode', {
      get: function() {
        if (this._m_typeCode !== undefined)
          return this._m_typeCode;
        this._m_typeCode = (this.isTypeCodePermuted ? this.permutedTypeCode.typeCode : this.rawTypeCode);
        return this._m_typeCode;
      }
    });

    /**
     * Seconds since the epoch when the statement began.
     */

    /**
     * The type code as written, named as MySQL numbers the types: the event type
     * (`type_code`) but in the files of early 5.1/5.2 builds.
     */

    /**
     * server_id of the server where the event originated (kept through replicas).
     */

    /**
     * Size of the whole event, header, body and checksum included.
     */

    /**
     * v4: the offset just after this event in the originating server's binlog (so in a
     * relay log, the source's position). v3: the offset where this event starts.
     * 0 for artificial events.
     */

    /**
     * Bit set of `event_flag`.
     */

    /**
     * Header bytes beyond the 19 known ones, skipped as MySQL does.
     */

    /**
     * The governing FDE's `has_permuted_type_codes` (false where no FDE governs: v1,
     * v3, a replication stream's header).
     */

    return EventHeader;
  })();

  /**
   * A block of a LOAD DATA file: APPEND_BLOCK_EVENT (4.x) and BEGIN_LOAD_QUERY_EVENT
   * (5.0+, the first block; EXECUTE_LOAD_QUERY_EVENT then runs the statement).
   */

  var FileBlockEvent = MysqlBinlog.FileBlockEvent = (function() {
    function FileBlockEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    FileBlockEvent.prototype._read = function() {
      this.fileId = this._io.readU4le();
      this.block = this._io.readBytesFull();
    }

    return FileBlockEvent;
  })();

  /**
   * EXEC_LOAD_EVENT / DELETE_FILE_EVENT of MySQL 4.x LOAD DATA.
   */

  var FileIdEvent = MysqlBinlog.FileIdEvent = (function() {
    function FileIdEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    FileIdEvent.prototype._read = function() {
      this.fileId = this._io.readU4le();
    }

    return FileIdEvent;
  })();

  /**
   * First event of every v4 binlog (and of each relay-log section): describes the layout
   * of every later event. Servers that know checksums (MySQL >= 5.6.1, MariaDB >= 5.3)
   * end it with the algorithm byte and a CRC32, even when checksums are off. Whether
   * they are there is read from the data: the FDE's own entry in the post-header array
   * (type 15, at body offset 71) gives the length of the fixed part, and exactly five
   * more bytes mean algorithm + CRC.
   * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Format__description__event.html|Source}
   */

  var FormatDescriptionEvent = MysqlBinlog.FormatDescriptionEvent = (function() {
    function FormatDescriptionEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    FormatDescriptionEvent.prototype._read = function() {
      this.binlogVersion = this._io.readU2le();
      if (!(this.binlogVersion == 4)) {
        throw new KaitaiStream.ValidationNotEqualError(4, this.binlogVersion, this._io, "/types/format_description_event/seq/0");
      }
      this.serverVersion = KaitaiStream.bytesToStr(KaitaiStream.bytesTerminate(this._io.readBytes(50), 0, false), "ASCII");
      this.createTimestamp = this._io.readU4le();
      this.headerLength = this._io.readU1();
      if (!(this.headerLength >= 19)) {
        throw new KaitaiStream.ValidationLessThanError(19, this.headerLength, this._io, "/types/format_description_event/seq/3");
      }
      this.postHeaderLengths = this._io.readBytes(this.numEventTypes);
      if (this.hasChecksumAlg) {
        this.checksumAlg = this._io.readU1();
      }
      if (this.hasChecksumAlg) {
        this.checksum = this._io.readU4le();
      }
    }

    /**
     * Footer length of the events this FDE governs.
     */
    Object.defineProperty(FormatDescriptionEvent.prototype, 'checksumLen', {
      get: function() {
        if (this._m_checksumLen !== undefined)
          return this._m_checksumLen;
        this._m_checksumLen = ( ((this.hasChecksumAlg) && (this.checksumAlg == MysqlBinlog.ChecksumAlg.CRC32))  ? 4 : 0);
        return this._m_checksumLen;
      }
    });
    Object.defineProperty(FormatDescriptionEvent.prototype, 'hasChecksumAlg', {
      get: function() {
        if (this._m_hasChecksumAlg !== undefined)
          return this._m_hasChecksumAlg;
        this._m_hasChecksumAlg = this._io.size - this.ownPostHeaderLen == 5;
        return this._m_hasChecksumAlg;
      }
    });

    /**
     * Written by an early 5.1/5.2 development build (5.1.1-5.1.5 `-a_drop5...`, 5.1.4
     * and 5.2.0-5.2.2 `-a_drop6...`), which numbered the event types from
     * TABLE_MAP_EVENT on otherwise: the events this FDE governs have their type codes
     * permuted (`event_header`'s `permuted_type_codes`), its `post_header_lengths` are
     * in that order, and it lists 22 types.
     * @see {@link https://github.com/mysql/mysql-server/blob/5.7/libbinlogevents/src/control_events.cpp|Source}
     */
    Object.defineProperty(FormatDescriptionEvent.prototype, 'hasPermutedTypeCodes', {
      get: function() {
        if (this._m_hasPermutedTypeCodes !== undefined)
          return this._m_hasPermutedTypeCodes;
        this._m_hasPermutedTypeCodes =  ((this.serverVersion.length >= 13) && ( (( ((this.serverVersion.substring(5, 13) == "-a_drop5") && ( ((this.serverVersion.substring(0, 5) == "5.1.1") || (this.serverVersion.substring(0, 5) == "5.1.2") || (this.serverVersion.substring(0, 5) == "5.1.3") || (this.serverVersion.substring(0, 5) == "5.1.4") || (this.serverVersion.substring(0, 5) == "5.1.5")) )) ) || ( ((this.serverVersion.substring(5, 13) == "-a_drop6") && ( ((this.serverVersion.substring(0, 5) == "5.1.4") || (this.serverVersion.substring(0, 5) == "5.2.0") || (this.serverVersion.substring(0, 5) == "5.2.1") || (this.serverVersion.substring(0, 5) == "5.2.2")) )) )) )) ;
        return this._m_hasPermutedTypeCodes;
      }
    });
    Object.defineProperty(FormatDescriptionEvent.prototype, 'numEventTypes', {
      get: function() {
        if (this._m_numEventTypes !== undefined)
          return this._m_numEventTypes;
        this._m_numEventTypes = this.ownPostHeaderLen - 57;
        return this._m_numEventTypes;
      }
    });

    /**
     * The array entry for FORMAT_DESCRIPTION_EVENT itself (57 + array size).
     */
    Object.defineProperty(FormatDescriptionEvent.prototype, 'ownPostHeaderLen', {
      get: function() {
        if (this._m_ownPostHeaderLen !== undefined)
          return this._m_ownPostHeaderLen;
        var _pos = this._io.pos;
        this._io.seek(71);
        this._m_ownPostHeaderLen = this._io.readU1();
        if (!(this._m_ownPostHeaderLen >= 57)) {
          throw new KaitaiStream.ValidationLessThanError(57, this._m_ownPostHeaderLen, this._io, "/types/format_description_event/instances/own_post_header_len");
        }
        this._io.seek(_pos);
        return this._m_ownPostHeaderLen;
      }
    });

    /**
     * 4 for every file that starts with this event.
     */

    /**
     * Version of the server that wrote the file, NUL-padded.
     */

    /**
     * When the server started, for the first binlog after startup; 0 in binlogs opened
     * by rotation.
     */

    /**
     * Common header length of every other event (19, or more in forks).
     */

    /**
     * One byte per event type, index = type code - 1.
     */

    /**
     * Checksum algorithm of the events that follow.
     */

    /**
     * CRC32 of this event computed with the in-use flag cleared (when algorithm is
     * CRC32; MySQL writes it for algorithm "off" too).
     */

    return FormatDescriptionEvent;
  })();

  /**
   * Sent by a source on an idle replication connection, never written to a file; the
   * header's log_pos is the source's current position.
   */

  var HeartbeatEvent = MysqlBinlog.HeartbeatEvent = (function() {
    function HeartbeatEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    HeartbeatEvent.prototype._read = function() {
      this.logIdent = KaitaiStream.bytesToStr(this._io.readBytesFull(), "UTF-8");
    }

    /**
     * Name of the source's current binlog.
     */

    return HeartbeatEvent;
  })();

  /**
   * Something happened on the source that a replica cannot reproduce (e.g. lost events).
   * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Incident__event.html|Source}
   */

  var IncidentEvent = MysqlBinlog.IncidentEvent = (function() {
    function IncidentEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    IncidentEvent.prototype._read = function() {
      this.incident = this._io.readU2le();
      this.lenMessage = this._io.readU1();
      this.message = this._io.readBytes(this.lenMessage);
    }

    return IncidentEvent;
  })();

  /**
   * Statement-based replication: LAST_INSERT_ID() or the next AUTO_INCREMENT value the
   * following QUERY_EVENT used.
   * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Intvar__event.html|Source}
   */

  var IntvarEvent = MysqlBinlog.IntvarEvent = (function() {
    function IntvarEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    IntvarEvent.prototype._read = function() {
      this.type = this._io.readU1();
      this.value = new MysqlUint64_.MysqlUint64(this._io, null, null);
    }

    return IntvarEvent;
  })();

  var LengthPrefixedBytes = MysqlBinlog.LengthPrefixedBytes = (function() {
    function LengthPrefixedBytes(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    LengthPrefixedBytes.prototype._read = function() {
      this.length = this._io.readU1();
      this.value = this._io.readBytes(this.length);
    }

    return LengthPrefixedBytes;
  })();

  /**
   * LOAD DATA INFILE in MySQL 3.23-4.x: LOAD_EVENT (old single-character separators) and
   * NEW_LOAD_EVENT (length-prefixed separators). The file contents travel in separate
   * block events.
   * @see {@link https://dev.mysql.com/doc/dev/mysql-server/8.0.11/classbinary__log_1_1Load__event.html|Source}
   */

  var LoadEvent = MysqlBinlog.LoadEvent = (function() {
    function LoadEvent(_io, _parent, _root, postHeaderLen, isNewFormat) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.postHeaderLen = postHeaderLen;
      this.isNewFormat = isNewFormat;

      this._read();
    }
    LoadEvent.prototype._read = function() {
      this._raw_postHeader = this._io.readBytes(this.postHeaderLen);
      var _io__raw_postHeader = new KaitaiStream(this._raw_postHeader);
      this.postHeader = new LoadPostHeader(_io__raw_postHeader, this, this._root);
      this.info = new LoadInfo(this._io, this, this._root, this.postHeader.lenTableName, this.postHeader.lenDb, this.postHeader.numFields, this.isNewFormat, false);
    }

    return LoadEvent;
  })();

  var LoadInfo = MysqlBinlog.LoadInfo = (function() {
    function LoadInfo(_io, _parent, _root, lenTableName, lenDb, numFields, isNewFormat, hasNulTerminatedFileName) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.lenTableName = lenTableName;
      this.lenDb = lenDb;
      this.numFields = numFields;
      this.isNewFormat = isNewFormat;
      this.hasNulTerminatedFileName = hasNulTerminatedFileName;

      this._read();
    }
    LoadInfo.prototype._read = function() {
      if (!(this.isNewFormat)) {
        this.oldSeparators = new OldSqlEx(this._io, this, this._root);
      }
      if (this.isNewFormat) {
        this.newSeparators = new NewSqlEx(this._io, this, this._root);
      }
      this.fieldNameLengths = this._io.readBytes(this.numFields);
      this.fieldNames = [];
      for (var i = 0; i < this.numFields; i++) {
        this.fieldNames.push(KaitaiStream.bytesToStr(this._io.readBytesTerm(0, false, true, true), "UTF-8"));
      }
      this.tableName = KaitaiStream.bytesToStr(this._io.readBytes(this.lenTableName), "UTF-8");
      this.tableNameTerminator = this._io.readBytes(1);
      this.db = KaitaiStream.bytesToStr(this._io.readBytes(this.lenDb), "UTF-8");
      this.dbTerminator = this._io.readBytes(1);
      if (!(this.hasNulTerminatedFileName)) {
        this.fileName = this._io.readBytesFull();
      }
      if (this.hasNulTerminatedFileName) {
        this.fileNameZ = KaitaiStream.bytesToStr(this._io.readBytesTerm(0, false, true, true), "UTF-8");
      }
    }

    return LoadInfo;
  })();

  var LoadPostHeader = MysqlBinlog.LoadPostHeader = (function() {
    function LoadPostHeader(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    LoadPostHeader.prototype._read = function() {
      this.threadId = this._io.readU4le();
      this.execTime = this._io.readU4le();
      this.skipLines = this._io.readU4le();
      this.lenTableName = this._io.readU1();
      this.lenDb = this._io.readU1();
      this.numFields = this._io.readU4le();
    }

    return LoadPostHeader;
  })();

  var NewSqlEx = MysqlBinlog.NewSqlEx = (function() {
    function NewSqlEx(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    NewSqlEx.prototype._read = function() {
      this.fieldTerm = new LengthPrefixedBytes(this._io, this, this._root);
      this.enclosed = new LengthPrefixedBytes(this._io, this, this._root);
      this.lineTerm = new LengthPrefixedBytes(this._io, this, this._root);
      this.lineStart = new LengthPrefixedBytes(this._io, this, this._root);
      this.escaped = new LengthPrefixedBytes(this._io, this, this._root);
      this.optFlags = this._io.readU1();
    }

    return NewSqlEx;
  })();

  var OldSqlEx = MysqlBinlog.OldSqlEx = (function() {
    function OldSqlEx(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    OldSqlEx.prototype._read = function() {
      this.fieldTerm = this._io.readBytes(1);
      this.enclosed = this._io.readBytes(1);
      this.lineTerm = this._io.readBytes(1);
      this.lineStart = this._io.readBytes(1);
      this.escaped = this._io.readBytes(1);
      this.optFlags = this._io.readU1();
      this.emptyFlags = this._io.readU1();
    }

    return OldSqlEx;
  })();

  /**
   * Seeds of RAND() for the next statement-based QUERY_EVENT.
   * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Rand__event.html|Source}
   */

  var RandEvent = MysqlBinlog.RandEvent = (function() {
    function RandEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    RandEvent.prototype._read = function() {
      this.seed1 = new MysqlUint64_.MysqlUint64(this._io, null, null);
      this.seed2 = new MysqlUint64_.MysqlUint64(this._io, null, null);
    }

    return RandEvent;
  })();

  /**
   * Last event of a binlog closed by rotation: names the next file. Also sent by a
   * source at the start of replication (then artificial, log_pos 0).
   * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Rotate__event.html|Source}
   */

  var RotateEvent = MysqlBinlog.RotateEvent = (function() {
    function RotateEvent(_io, _parent, _root, postHeaderLen) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.postHeaderLen = postHeaderLen;

      this._read();
    }
    RotateEvent.prototype._read = function() {
      if (this.postHeaderLen >= 8) {
        this.position = new MysqlUint64_.MysqlUint64(this._io, null, null);
      }
      this.newLogIdent = KaitaiStream.bytesToStr(this._io.readBytesFull(), "UTF-8");
    }

    /**
     * Where to start reading the next file (4 in practice).
     */

    /**
     * File name of the next binlog, not NUL-terminated.
     */

    /**
     * 8 from v3 on; 0 in v1, which has no position.
     */

    return RotateEvent;
  })();

  /**
   * Original statement of the rows events that follow (binlog_rows_query_log_events).
   * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Rows__query__event.html|Source}
   */

  var RowsQueryEvent = MysqlBinlog.RowsQueryEvent = (function() {
    function RowsQueryEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    RowsQueryEvent.prototype._read = function() {
      this.length = this._io.readU1();
      this.query = this._io.readBytesFull();
    }

    /**
     * Statement length modulo 256 (ignored by MySQL; the text runs to the end).
     */

    return RowsQueryEvent;
  })();

  /**
   * MariaDB: every event after this one is encrypted (binlog encryption); reading them
   * needs the key from the server's key management plugin. An encrypted event keeps its
   * length in clear in the first four bytes (where the timestamp would be).
   * @see {@link https://mariadb.com/kb/en/start_encryption_event/|Source}
   */

  var StartEncryptionEvent = MysqlBinlog.StartEncryptionEvent = (function() {
    function StartEncryptionEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    StartEncryptionEvent.prototype._read = function() {
      this.scheme = this._io.readU1();
      this.keyVersion = this._io.readU4le();
      this.nonce = this._io.readBytes(12);
    }

    /**
     * 1 = AES with the key below.
     */

    return StartEncryptionEvent;
  })();

  /**
   * First event of binlog versions 1 and 3 (MySQL 3.23 to 4.1).
   * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Start__event__v3.html|Source}
   */

  var StartEventV3 = MysqlBinlog.StartEventV3 = (function() {
    function StartEventV3(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    StartEventV3.prototype._read = function() {
      this.binlogVersion = this._io.readU2le();
      this.serverVersion = KaitaiStream.bytesToStr(KaitaiStream.bytesTerminate(this._io.readBytes(50), 0, false), "ASCII");
      this.createTimestamp = this._io.readU4le();
    }

    return StartEventV3;
  })();

  /**
   * A user variable (`@name`) used by the next statement-based QUERY_EVENT.
   * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1User__var__event.html|Source}
   */

  var UserVarEvent = MysqlBinlog.UserVarEvent = (function() {
    function UserVarEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    UserVarEvent.prototype._read = function() {
      this.lenName = this._io.readU4le();
      this.name = this._io.readBytes(this.lenName);
      this.isNull = this._io.readU1();
      if (this.isNull == 0) {
        this.valueType = this._io.readU1();
      }
      if (this.isNull == 0) {
        this.charset = this._io.readU4le();
      }
      if (this.isNull == 0) {
        this.lenValue = this._io.readU4le();
      }
      if (this.isNull == 0) {
        this.value = this._io.readBytes(this.lenValue);
      }
      if (this.hasFlags) {
        this.flags = this._io.readU1();
      }
    }

    /**
     * Whether the body goes on after the value: older servers end it there, without
     * `flags`. Read from the body's size, not from the end of the stream, which an
     * instance evaluated after the parse has always reached.
     */
    Object.defineProperty(UserVarEvent.prototype, 'hasFlags', {
      get: function() {
        if (this._m_hasFlags !== undefined)
          return this._m_hasFlags;
        this._m_hasFlags =  ((this.isNull == 0) && (this._io.size > this.ofsFlags)) ;
        return this._m_hasFlags;
      }
    });
    Object.defineProperty(UserVarEvent.prototype, 'isUnsigned', {
      get: function() {
        if (this._m_isUnsigned !== undefined)
          return this._m_isUnsigned;
        this._m_isUnsigned =  ((this.hasFlags) && ((this.flags & 1) != 0)) ;
        return this._m_isUnsigned;
      }
    });

    /**
     * Where `flags` would start, after the value.
     */
    Object.defineProperty(UserVarEvent.prototype, 'ofsFlags', {
      get: function() {
        if (this._m_ofsFlags !== undefined)
          return this._m_ofsFlags;
        this._m_ofsFlags = ((4 + this.lenName) + 1) + (this.isNull == 0 ? ((1 + 4) + 4) + this.lenValue : 0);
        return this._m_ofsFlags;
      }
    });

    /**
     * Variable name without the @, in the system charset (bytes).
     */

    /**
     * Collation id of a string value.
     */

    /**
     * STRING: the bytes; REAL: 8-byte double; INT: 8-byte integer; DECIMAL: precision,
     * scale and the packed binary decimal.
     */

    /**
     * Bit 0 (UNSIGNED_F) marks an unsigned integer (MySQL >= 5.1.something).
     */

    return UserVarEvent;
  })();

  /**
   * End of the first phase of an XA transaction (XA PREPARE), or its one-phase commit.
   * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1XA__prepare__event.html|Source}
   */

  var XaPrepareEvent = MysqlBinlog.XaPrepareEvent = (function() {
    function XaPrepareEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    XaPrepareEvent.prototype._read = function() {
      this.onePhase = this._io.readU1();
      this.formatId = this._io.readS4le();
      this.lenGtrid = this._io.readU4le();
      this.lenBqual = this._io.readU4le();
      this.data = this._io.readBytes(this.lenGtrid + this.lenBqual);
    }

    /**
     * gtrid then bqual.
     */

    return XaPrepareEvent;
  })();

  /**
   * Commit of a transaction in a transactional engine, with its XA id.
   * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Xid__event.html|Source}
   */

  var XidEvent = MysqlBinlog.XidEvent = (function() {
    function XidEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    XidEvent.prototype._read = function() {
      this.xid = new MysqlUint64_.MysqlUint64(this._io, null, null);
    }

    return XidEvent;
  })();

  /**
   * 4 when the first event is a FORMAT_DESCRIPTION_EVENT; otherwise a START_EVENT_V3
   * whose size tells the header length: 13 + 56 bytes in version 1, 19 + 56 in version 3.
   */
  Object.defineProperty(MysqlBinlog.prototype, 'binlogVersion', {
    get: function() {
      if (this._m_binlogVersion !== undefined)
        return this._m_binlogVersion;
      this._m_binlogVersion = (this.firstTypeCode == MysqlEventType_.MysqlEventType.EventType.FORMAT_DESCRIPTION_EVENT ? 4 : (this.firstEventLength == 13 + 56 ? 1 : 3));
      return this._m_binlogVersion;
    }
  });
  Object.defineProperty(MysqlBinlog.prototype, 'checksumLen', {
    get: function() {
      if (this._m_checksumLen !== undefined)
        return this._m_checksumLen;
      this._m_checksumLen = (this.binlogVersion == 4 ? this.fde.checksumLen : 0);
      return this._m_checksumLen;
    }
  });
  Object.defineProperty(MysqlBinlog.prototype, 'fde', {
    get: function() {
      if (this._m_fde !== undefined)
        return this._m_fde;
      if (this.binlogVersion == 4) {
        this._m_fde = this.firstEvent.body;
      }
      return this._m_fde;
    }
  });

  /**
   * Event length sits at header offset 9 in every binlog version.
   */
  Object.defineProperty(MysqlBinlog.prototype, 'firstEventLength', {
    get: function() {
      if (this._m_firstEventLength !== undefined)
        return this._m_firstEventLength;
      var _pos = this._io.pos;
      this._io.seek(13);
      this._m_firstEventLength = this._io.readU4le();
      this._io.seek(_pos);
      return this._m_firstEventLength;
    }
  });
  Object.defineProperty(MysqlBinlog.prototype, 'firstHeaderLen', {
    get: function() {
      if (this._m_firstHeaderLen !== undefined)
        return this._m_firstHeaderLen;
      this._m_firstHeaderLen = (this.binlogVersion == 1 ? 13 : 19);
      return this._m_firstHeaderLen;
    }
  });
  Object.defineProperty(MysqlBinlog.prototype, 'firstTypeCode', {
    get: function() {
      if (this._m_firstTypeCode !== undefined)
        return this._m_firstTypeCode;
      var _pos = this._io.pos;
      this._io.seek(8);
      this._m_firstTypeCode = this._io.readU1();
      this._io.seek(_pos);
      return this._m_firstTypeCode;
    }
  });
  Object.defineProperty(MysqlBinlog.prototype, 'headerLen', {
    get: function() {
      if (this._m_headerLen !== undefined)
        return this._m_headerLen;
      this._m_headerLen = (this.binlogVersion == 4 ? this.fde.headerLength : this.firstHeaderLen);
      return this._m_headerLen;
    }
  });

  /**
   * The file's type codes are those of an early 5.1/5.2 build (see `event_header`).
   */
  Object.defineProperty(MysqlBinlog.prototype, 'isTypeCodePermuted', {
    get: function() {
      if (this._m_isTypeCodePermuted !== undefined)
        return this._m_isTypeCodePermuted;
      this._m_isTypeCodePermuted = (this.binlogVersion == 4 ? this.fde.hasPermutedTypeCodes : false);
      return this._m_isTypeCodePermuted;
    }
  });
  Object.defineProperty(MysqlBinlog.prototype, 'postHeaderLengths', {
    get: function() {
      if (this._m_postHeaderLengths !== undefined)
        return this._m_postHeaderLengths;
      this._m_postHeaderLengths = (this.binlogVersion == 4 ? this.fde.postHeaderLengths : (this.binlogVersion == 1 ? this.postHeaderLengthsV1 : this.postHeaderLengthsV3));
      return this._m_postHeaderLengths;
    }
  });

  /**
   * Post-header lengths of binlog version 1 (MySQL 3.23), which has no
   * FORMAT_DESCRIPTION_EVENT: as v3 but ROTATE_EVENT has no position.
   */
  Object.defineProperty(MysqlBinlog.prototype, 'postHeaderLengthsV1', {
    get: function() {
      if (this._m_postHeaderLengthsV1 !== undefined)
        return this._m_postHeaderLengthsV1;
      this._m_postHeaderLengthsV1 = new Uint8Array([56, 11, 0, 0, 0, 18, 0, 4, 4, 4, 4, 18, 0, 0]);
      return this._m_postHeaderLengthsV1;
    }
  });

  /**
   * Post-header lengths of binlog version 3 (MySQL 4.0.2-4.1): START_EVENT_V3 56,
   * QUERY_EVENT 11 (no status variables), ROTATE_EVENT 8, LOAD 18, CREATE_FILE,
   * APPEND_BLOCK, EXEC_LOAD and DELETE_FILE 4, NEW_LOAD 18, others 0.
   * @see {@link https://github.com/mysql/mysql-server/blob/8.0/libbinlogevents/src/control_events.cpp|Source}
   */
  Object.defineProperty(MysqlBinlog.prototype, 'postHeaderLengthsV3', {
    get: function() {
      if (this._m_postHeaderLengthsV3 !== undefined)
        return this._m_postHeaderLengthsV3;
      this._m_postHeaderLengthsV3 = new Uint8Array([56, 11, 0, 8, 0, 18, 0, 4, 4, 4, 4, 18, 0, 0]);
      return this._m_postHeaderLengthsV3;
    }
  });

  /**
   * "\xfebin"
   */

  /**
   * FORMAT_DESCRIPTION_EVENT (v4) or START_EVENT_V3 (v1, v3). The former is always read
   * with a 19-byte header and carries its own checksum fields.
   */

  return MysqlBinlog;
})();
MysqlBinlog_.MysqlBinlog = MysqlBinlog;
});
