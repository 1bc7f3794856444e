// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './MysqlUint64', './MariadbCompressed'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./MysqlUint64'), require('./MariadbCompressed'));
  } else {
    factory(root.QueryEvent || (root.QueryEvent = {}), root.KaitaiStream, root.MysqlUint64 || (root.MysqlUint64 = {}), root.MariadbCompressed || (root.MariadbCompressed = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (QueryEvent_, KaitaiStream, MysqlUint64_, MariadbCompressed_) {
/**
 * Body of a QUERY_EVENT (type code 2): one SQL statement logged in statement
 * format (DDL, statement-based DML, and the BEGIN / COMMIT markers of some
 * transactions), together with the session state the replica needs to replay
 * it (sql_mode, character sets, time zone, auto-increment settings...).
 * 
 * Layout: a fixed post-header (thread id, execution time, length of the
 * default schema name, error code and, from binlog v4 on, the length of the
 * status-variable block), then the status variables, then the default schema
 * name followed by a 0 byte, then the statement text up to the end of the
 * body.
 * 
 * The length of the post-header is not fixed: it is the QUERY_EVENT entry of
 * the FORMAT_DESCRIPTION_EVENT's post-header length array (13 in binlog v4;
 * 11 for binlog v1/v3 written by MySQL 3.23 / 4.x, which have no status
 * variables at all), and must be passed in as `post_header_len`.
 * 
 * MariaDB's QUERY_COMPRESSED_EVENT (type 165) uses the same post-header,
 * status variables and schema; only the statement is compressed (a MariaDB
 * binlog-compression header followed by the zlib stream, `compressed_query`)
 * instead of plain (`query`), so this type parses it too, with
 * `is_compressed` true and the QUERY_COMPRESSED_EVENT entry of the
 * post-header length array; `query_text` is the statement either way. The
 * EXECUTE_LOAD_QUERY_EVENT (type 18) is a QUERY_EVENT with 13 more
 * post-header bytes, read when `is_execute_load_query` is true.
 * 
 * The statement text is kept as raw bytes: its character set is the one
 * given by the Q_CHARSET_CODE status variable (character_set_client), which
 * is not necessarily UTF-8.
 * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Query__event.html|Source}
 * @see {@link https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/binlog/event/statement_events.cpp|Source}
 * @see {@link https://mariadb.com/kb/en/query_event/|Source}
 * @see {@link https://github.com/MariaDB/server/blob/main/sql/log_event.cc|Source}
 * @see {@link https://github.com/MariaDB/server/blob/main/sql/log_event_server.cc|Source}
 */

var QueryEvent = (function() {
  QueryEvent.Flags2Bit = Object.freeze({
    AUTO_IS_NULL: 16384,
    NO_CHECK_CONSTRAINT_CHECKS: 32768,
    NOT_AUTOCOMMIT: 524288,
    EXPLICIT_DEFAULTS_FOR_TIMESTAMP: 16777216,
    NO_FOREIGN_KEY_CHECKS: 67108864,
    RELAXED_UNIQUE_CHECKS: 134217728,
    IF_EXISTS: 268435456,
    INSERT_HISTORY: 1073741824,

    16384: "AUTO_IS_NULL",
    32768: "NO_CHECK_CONSTRAINT_CHECKS",
    524288: "NOT_AUTOCOMMIT",
    16777216: "EXPLICIT_DEFAULTS_FOR_TIMESTAMP",
    67108864: "NO_FOREIGN_KEY_CHECKS",
    134217728: "RELAXED_UNIQUE_CHECKS",
    268435456: "IF_EXISTS",
    1073741824: "INSERT_HISTORY",
  });

  QueryEvent.GtidFlags3Bit = Object.freeze({
    MULTI_ENGINE: 1,
    START_ALTER: 2,
    COMMIT_ALTER: 4,
    ROLLBACK_ALTER: 8,

    1: "MULTI_ENGINE",
    2: "START_ALTER",
    4: "COMMIT_ALTER",
    8: "ROLLBACK_ALTER",
  });

  QueryEvent.LoadDupHandling = Object.freeze({
    ERROR: 0,
    IGNORE: 1,
    REPLACE: 2,

    0: "ERROR",
    1: "IGNORE",
    2: "REPLACE",
  });

  QueryEvent.SqlModeBit = Object.freeze({
    REAL_AS_FLOAT: 1,
    PIPES_AS_CONCAT: 2,
    ANSI_QUOTES: 4,
    IGNORE_SPACE: 8,
    NOT_USED: 16,
    ONLY_FULL_GROUP_BY: 32,
    NO_UNSIGNED_SUBTRACTION: 64,
    NO_DIR_IN_CREATE: 128,
    POSTGRESQL: 256,
    ORACLE: 512,
    MSSQL: 1024,
    DB2: 2048,
    MAXDB: 4096,
    NO_KEY_OPTIONS: 8192,
    NO_TABLE_OPTIONS: 16384,
    NO_FIELD_OPTIONS: 32768,
    MYSQL323: 65536,
    MYSQL40: 131072,
    ANSI: 262144,
    NO_AUTO_VALUE_ON_ZERO: 524288,
    NO_BACKSLASH_ESCAPES: 1048576,
    STRICT_TRANS_TABLES: 2097152,
    STRICT_ALL_TABLES: 4194304,
    NO_ZERO_IN_DATE: 8388608,
    NO_ZERO_DATE: 16777216,
    INVALID_DATES: 33554432,
    ERROR_FOR_DIVISION_BY_ZERO: 67108864,
    TRADITIONAL: 134217728,
    NO_AUTO_CREATE_USER: 268435456,
    HIGH_NOT_PRECEDENCE: 536870912,
    NO_ENGINE_SUBSTITUTION: 1073741824,
    PAD_CHAR_TO_FULL_LENGTH: 2147483648,

    1: "REAL_AS_FLOAT",
    2: "PIPES_AS_CONCAT",
    4: "ANSI_QUOTES",
    8: "IGNORE_SPACE",
    16: "NOT_USED",
    32: "ONLY_FULL_GROUP_BY",
    64: "NO_UNSIGNED_SUBTRACTION",
    128: "NO_DIR_IN_CREATE",
    256: "POSTGRESQL",
    512: "ORACLE",
    1024: "MSSQL",
    2048: "DB2",
    4096: "MAXDB",
    8192: "NO_KEY_OPTIONS",
    16384: "NO_TABLE_OPTIONS",
    32768: "NO_FIELD_OPTIONS",
    65536: "MYSQL323",
    131072: "MYSQL40",
    262144: "ANSI",
    524288: "NO_AUTO_VALUE_ON_ZERO",
    1048576: "NO_BACKSLASH_ESCAPES",
    2097152: "STRICT_TRANS_TABLES",
    4194304: "STRICT_ALL_TABLES",
    8388608: "NO_ZERO_IN_DATE",
    16777216: "NO_ZERO_DATE",
    33554432: "INVALID_DATES",
    67108864: "ERROR_FOR_DIVISION_BY_ZERO",
    134217728: "TRADITIONAL",
    268435456: "NO_AUTO_CREATE_USER",
    536870912: "HIGH_NOT_PRECEDENCE",
    1073741824: "NO_ENGINE_SUBSTITUTION",
    2147483648: "PAD_CHAR_TO_FULL_LENGTH",
  });

  QueryEvent.StatusVarCode = Object.freeze({
    FLAGS2: 0,
    SQL_MODE: 1,
    CATALOG: 2,
    AUTO_INCREMENT: 3,
    CHARSET: 4,
    TIME_ZONE: 5,
    CATALOG_NZ: 6,
    LC_TIME_NAMES: 7,
    CHARSET_DATABASE: 8,
    TABLE_MAP_FOR_UPDATE: 9,
    MASTER_DATA_WRITTEN: 10,
    INVOKER: 11,
    UPDATED_DB_NAMES: 12,
    MICROSECONDS: 13,
    COMMIT_TS: 14,
    COMMIT_TS2: 15,
    EXPLICIT_DEFAULTS_FOR_TIMESTAMP: 16,
    DDL_LOGGED_WITH_XID: 17,
    DEFAULT_COLLATION_FOR_UTF8MB4: 18,
    SQL_REQUIRE_PRIMARY_KEY: 19,
    DEFAULT_TABLE_ENCRYPTION: 20,
    ENABLE_CASCADE_TRIGGERS: 21,
    HRNOW: 128,
    XID: 129,
    GTID_FLAGS3: 130,
    CHARACTER_SET_COLLATIONS: 131,

    0: "FLAGS2",
    1: "SQL_MODE",
    2: "CATALOG",
    3: "AUTO_INCREMENT",
    4: "CHARSET",
    5: "TIME_ZONE",
    6: "CATALOG_NZ",
    7: "LC_TIME_NAMES",
    8: "CHARSET_DATABASE",
    9: "TABLE_MAP_FOR_UPDATE",
    10: "MASTER_DATA_WRITTEN",
    11: "INVOKER",
    12: "UPDATED_DB_NAMES",
    13: "MICROSECONDS",
    14: "COMMIT_TS",
    15: "COMMIT_TS2",
    16: "EXPLICIT_DEFAULTS_FOR_TIMESTAMP",
    17: "DDL_LOGGED_WITH_XID",
    18: "DEFAULT_COLLATION_FOR_UTF8MB4",
    19: "SQL_REQUIRE_PRIMARY_KEY",
    20: "DEFAULT_TABLE_ENCRYPTION",
    21: "ENABLE_CASCADE_TRIGGERS",
    128: "HRNOW",
    129: "XID",
    130: "GTID_FLAGS3",
    131: "CHARACTER_SET_COLLATIONS",
  });

  function QueryEvent(_io, _parent, _root, postHeaderLen, isExecuteLoadQuery, isCompressed) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;
    this.postHeaderLen = postHeaderLen;
    this.isExecuteLoadQuery = isExecuteLoadQuery;
    this.isCompressed = isCompressed;

    this._read();
  }
  QueryEvent.prototype._read = function() {
    this.threadId = this._io.readU4le();
    this.execTime = this._io.readU4le();
    this.lenSchema = this._io.readU1();
    this.errorCode = this._io.readU2le();
    if (this.hasStatusVars) {
      this.lenStatusVars = this._io.readU2le();
    }
    if (this.hasExecuteLoadQueryHeader) {
      this.executeLoadQuery = new ExecuteLoadQueryHeader(this._io, this, this._root);
    }
    if (this.postHeaderLen > this.knownPostHeaderLen) {
      this.postHeaderExtra = this._io.readBytes(this.postHeaderLen - this.knownPostHeaderLen);
    }
    if (this.hasStatusVars) {
      this._raw_statusVars = this._io.readBytes(this.lenStatusVars);
      var _io__raw_statusVars = new KaitaiStream(this._raw_statusVars);
      this.statusVars = new StatusVars(_io__raw_statusVars, this, this._root);
    }
    this.schema = KaitaiStream.bytesToStr(this._io.readBytes(this.lenSchema), "UTF-8");
    this.schemaTerminator = this._io.readU1();
    if (!(this.isCompressed)) {
      this.query = this._io.readBytesFull();
    }
    if (this.isCompressed) {
      this._raw_compressedQuery = this._io.readBytesFull();
      var _io__raw_compressedQuery = new KaitaiStream(this._raw_compressedQuery);
      this.compressedQuery = new MariadbCompressed_.MariadbCompressed(_io__raw_compressedQuery, null, null);
    }
  }

  /**
   * Q_AUTO_INCREMENT value; written only when either setting differs from 1.
   */

  var AutoIncrementVar = QueryEvent.AutoIncrementVar = (function() {
    function AutoIncrementVar(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    AutoIncrementVar.prototype._read = function() {
      this.increment = this._io.readU2le();
      this.offset = this._io.readU2le();
    }

    /**
     * auto_increment_increment.
     */

    /**
     * auto_increment_offset.
     */

    return AutoIncrementVar;
  })();

  /**
   * Q_TABLE_MAP_FOR_UPDATE_CODE value: a 64-bit little-endian bitmap of the
   * tables a multi-table UPDATE modifies (bit n = n-th table of the
   * statement). Kept as 8 raw bytes since all 64 bits may be set.
   */

  var Bitmap64 = QueryEvent.Bitmap64 = (function() {
    function Bitmap64(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    Bitmap64.prototype._read = function() {
      this.bitmap = this._io.readBytes(8);
    }

    return Bitmap64;
  })();

  /**
   * Q_CATALOG_CODE value (MySQL 5.0.0 to 5.0.3 only): length byte, catalog
   * name and a trailing 0 byte.
   */

  var CatalogWithNul = QueryEvent.CatalogWithNul = (function() {
    function CatalogWithNul(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    CatalogWithNul.prototype._read = function() {
      this.lenName = this._io.readU1();
      this.name = KaitaiStream.bytesToStr(this._io.readBytes(this.lenName), "UTF-8");
      this.terminator = this._io.readU1();
    }

    /**
     * The 0 byte that 5.0.4 and later no longer write (see Q_CATALOG_NZ_CODE).
     */

    return CatalogWithNul;
  })();

  /**
   * Q_CHARACTER_SET_COLLATIONS value (MariaDB 11.2 and later): the
   * session's character_set_collations map, i.e. which collation each listed
   * character set uses by default.
   */

  var CharacterSetCollationsVar = QueryEvent.CharacterSetCollationsVar = (function() {
    function CharacterSetCollationsVar(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    CharacterSetCollationsVar.prototype._read = function() {
      this.numMappings = this._io.readU1();
      this.mappings = [];
      for (var i = 0; i < this.numMappings; i++) {
        this.mappings.push(new CharsetCollation(this._io, this, this._root));
      }
    }

    return CharacterSetCollationsVar;
  })();

  /**
   * One entry of the character_set_collations map.
   */

  var CharsetCollation = QueryEvent.CharsetCollation = (function() {
    function CharsetCollation(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    CharsetCollation.prototype._read = function() {
      this.charsetId = this._io.readU2le();
      this.collationId = this._io.readU2le();
    }

    /**
     * Id of the character set's primary collation, identifying the character set.
     */

    /**
     * Id of the collation to use for that character set.
     */

    return CharsetCollation;
  })();

  /**
   * Q_CHARSET_CODE value: three collation ids (a collation id also names
   * its character set, see INFORMATION_SCHEMA.COLLATIONS).
   */

  var CharsetVar = QueryEvent.CharsetVar = (function() {
    function CharsetVar(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    CharsetVar.prototype._read = function() {
      this.characterSetClient = this._io.readU2le();
      this.collationConnection = this._io.readU2le();
      this.collationServer = this._io.readU2le();
    }

    /**
     * Collation id of the client character set, the encoding of `query`.
     */

    return CharsetVar;
  })();

  /**
   * Post-header fields an EXECUTE_LOAD_QUERY_EVENT adds after those of
   * QUERY_EVENT. The data file's content was logged before, in
   * BEGIN_LOAD_QUERY / APPEND_BLOCK events with the same file id; the
   * bytes of `query` between `start_pos` and `end_pos` are the clause that
   * names the file (` INFILE 'name' INTO`, right after `LOAD DATA`), which a
   * replica or mysqlbinlog rewrites to point at its local copy.
   */

  var ExecuteLoadQueryHeader = QueryEvent.ExecuteLoadQueryHeader = (function() {
    function ExecuteLoadQueryHeader(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    ExecuteLoadQueryHeader.prototype._read = function() {
      this.fileId = this._io.readU4le();
      this.startPos = this._io.readU4le();
      this.endPos = this._io.readU4le();
      this.dupHandling = this._io.readU1();
    }

    /**
     * Id of the file whose blocks the preceding BEGIN_LOAD_QUERY / APPEND_BLOCK events carry.
     */

    /**
     * Offset in `query` where the file-naming clause starts.
     */

    /**
     * Offset in `query` just after the file-naming clause.
     */

    /**
     * What LOAD DATA does with rows that duplicate a key (REPLACE / IGNORE / error).
     */

    return ExecuteLoadQueryHeader;
  })();

  /**
   * Q_FLAGS2_CODE value: the session option bits (thd->options /
   * option_bits) that affect how the statement runs, masked to the ones the
   * server replicates.
   */

  var Flags2Var = QueryEvent.Flags2Var = (function() {
    function Flags2Var(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    Flags2Var.prototype._read = function() {
      this.flags = this._io.readU4le();
    }

    /**
     * sql_auto_is_null=1.
     */
    Object.defineProperty(Flags2Var.prototype, 'isAutoIsNull', {
      get: function() {
        if (this._m_isAutoIsNull !== undefined)
          return this._m_isAutoIsNull;
        this._m_isAutoIsNull = (this.flags & 16384) != 0;
        return this._m_isAutoIsNull;
      }
    });

    /**
     * MariaDB only (seen from 10.11); explicit_defaults_for_timestamp=1.
     */
    Object.defineProperty(Flags2Var.prototype, 'isExplicitDefaultsForTimestamp', {
      get: function() {
        if (this._m_isExplicitDefaultsForTimestamp !== undefined)
          return this._m_isExplicitDefaultsForTimestamp;
        this._m_isExplicitDefaultsForTimestamp = (this.flags & 16777216) != 0;
        return this._m_isExplicitDefaultsForTimestamp;
      }
    });

    /**
     * MariaDB only; sql_if_exists=1.
     */
    Object.defineProperty(Flags2Var.prototype, 'isIfExists', {
      get: function() {
        if (this._m_isIfExists !== undefined)
          return this._m_isIfExists;
        this._m_isIfExists = (this.flags & 268435456) != 0;
        return this._m_isIfExists;
      }
    });

    /**
     * MariaDB only; system_versioning_insert_history=1.
     */
    Object.defineProperty(Flags2Var.prototype, 'isInsertHistory', {
      get: function() {
        if (this._m_isInsertHistory !== undefined)
          return this._m_isInsertHistory;
        this._m_isInsertHistory = (this.flags & 1073741824) != 0;
        return this._m_isInsertHistory;
      }
    });

    /**
     * MariaDB only; check_constraint_checks=0.
     */
    Object.defineProperty(Flags2Var.prototype, 'isNoCheckConstraintChecks', {
      get: function() {
        if (this._m_isNoCheckConstraintChecks !== undefined)
          return this._m_isNoCheckConstraintChecks;
        this._m_isNoCheckConstraintChecks = (this.flags & 32768) != 0;
        return this._m_isNoCheckConstraintChecks;
      }
    });

    /**
     * foreign_key_checks=0.
     */
    Object.defineProperty(Flags2Var.prototype, 'isNoForeignKeyChecks', {
      get: function() {
        if (this._m_isNoForeignKeyChecks !== undefined)
          return this._m_isNoForeignKeyChecks;
        this._m_isNoForeignKeyChecks = (this.flags & 67108864) != 0;
        return this._m_isNoForeignKeyChecks;
      }
    });

    /**
     * autocommit=0. Part of the replicated option set, but MySQL 5.1+ and
     * MariaDB clear it before logging (autocommit is replayed as 1).
     */
    Object.defineProperty(Flags2Var.prototype, 'isNotAutocommit', {
      get: function() {
        if (this._m_isNotAutocommit !== undefined)
          return this._m_isNotAutocommit;
        this._m_isNotAutocommit = (this.flags & 524288) != 0;
        return this._m_isNotAutocommit;
      }
    });

    /**
     * unique_checks=0.
     */
    Object.defineProperty(Flags2Var.prototype, 'isRelaxedUniqueChecks', {
      get: function() {
        if (this._m_isRelaxedUniqueChecks !== undefined)
          return this._m_isRelaxedUniqueChecks;
        this._m_isRelaxedUniqueChecks = (this.flags & 134217728) != 0;
        return this._m_isRelaxedUniqueChecks;
      }
    });

    /**
     * Bit set; see enum `flags2_bit`.
     */

    return Flags2Var;
  })();

  /**
   * Q_GTID_FLAGS3 value (MariaDB 10.8 and later): the GTID event's extra
   * flags for the phases of a two-phase logged ALTER TABLE
   * (binlog_alter_two_phase), followed by the sequence number of the
   * START ALTER event when this event commits or rolls back that ALTER.
   */

  var GtidFlags3Var = QueryEvent.GtidFlags3Var = (function() {
    function GtidFlags3Var(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    GtidFlags3Var.prototype._read = function() {
      this.flags = this._io.readU1();
      if ( ((this.isCommitAlter) || (this.isRollbackAlter)) ) {
        this.startAlterSeqNo = new MysqlUint64_.MysqlUint64(this._io, null, null);
      }
    }
    Object.defineProperty(GtidFlags3Var.prototype, 'isCommitAlter', {
      get: function() {
        if (this._m_isCommitAlter !== undefined)
          return this._m_isCommitAlter;
        this._m_isCommitAlter = (this.flags & 4) != 0;
        return this._m_isCommitAlter;
      }
    });
    Object.defineProperty(GtidFlags3Var.prototype, 'isRollbackAlter', {
      get: function() {
        if (this._m_isRollbackAlter !== undefined)
          return this._m_isRollbackAlter;
        this._m_isRollbackAlter = (this.flags & 8) != 0;
        return this._m_isRollbackAlter;
      }
    });
    Object.defineProperty(GtidFlags3Var.prototype, 'isStartAlter', {
      get: function() {
        if (this._m_isStartAlter !== undefined)
          return this._m_isStartAlter;
        this._m_isStartAlter = (this.flags & 2) != 0;
        return this._m_isStartAlter;
      }
    });

    /**
     * Bit set; see enum `gtid_flags3_bit`.
     */

    /**
     * GTID sequence number of the matching START ALTER event.
     */

    return GtidFlags3Var;
  })();

  /**
   * Q_INVOKER value: the account the statement runs as, logged when it
   * refers to CURRENT_USER (or, in MariaDB, the current role).
   */

  var InvokerVar = QueryEvent.InvokerVar = (function() {
    function InvokerVar(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    InvokerVar.prototype._read = function() {
      this.lenUser = this._io.readU1();
      this.user = KaitaiStream.bytesToStr(this._io.readBytes(this.lenUser), "UTF-8");
      this.lenHost = this._io.readU1();
      this.host = KaitaiStream.bytesToStr(this._io.readBytes(this.lenHost), "UTF-8");
    }

    return InvokerVar;
  })();

  /**
   * A length byte followed by that many bytes of text (time zone or catalog name).
   */

  var ShortString = QueryEvent.ShortString = (function() {
    function ShortString(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    ShortString.prototype._read = function() {
      this.lenValue = this._io.readU1();
      this.value = KaitaiStream.bytesToStr(this._io.readBytes(this.lenValue), "UTF-8");
    }

    return ShortString;
  })();

  /**
   * Q_SQL_MODE_CODE value, the session sql_mode.
   */

  var SqlModeVar = QueryEvent.SqlModeVar = (function() {
    function SqlModeVar(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    SqlModeVar.prototype._read = function() {
      this.modes = new MysqlUint64_.MysqlUint64(this._io, null, null);
    }

    /**
     * `"` quotes identifiers, not strings.
     */
    Object.defineProperty(SqlModeVar.prototype, 'isAnsiQuotes', {
      get: function() {
        if (this._m_isAnsiQuotes !== undefined)
          return this._m_isAnsiQuotes;
        this._m_isAnsiQuotes = (this.modes.low & 4) != 0;
        return this._m_isAnsiQuotes;
      }
    });
    Object.defineProperty(SqlModeVar.prototype, 'isErrorForDivisionByZero', {
      get: function() {
        if (this._m_isErrorForDivisionByZero !== undefined)
          return this._m_isErrorForDivisionByZero;
        this._m_isErrorForDivisionByZero = (this.modes.low & 67108864) != 0;
        return this._m_isErrorForDivisionByZero;
      }
    });

    /**
     * Spaces allowed between a function name and `(`.
     */
    Object.defineProperty(SqlModeVar.prototype, 'isIgnoreSpace', {
      get: function() {
        if (this._m_isIgnoreSpace !== undefined)
          return this._m_isIgnoreSpace;
        this._m_isIgnoreSpace = (this.modes.low & 8) != 0;
        return this._m_isIgnoreSpace;
      }
    });
    Object.defineProperty(SqlModeVar.prototype, 'isNoAutoValueOnZero', {
      get: function() {
        if (this._m_isNoAutoValueOnZero !== undefined)
          return this._m_isNoAutoValueOnZero;
        this._m_isNoAutoValueOnZero = (this.modes.low & 524288) != 0;
        return this._m_isNoAutoValueOnZero;
      }
    });

    /**
     * Backslash is an ordinary character in string literals.
     */
    Object.defineProperty(SqlModeVar.prototype, 'isNoBackslashEscapes', {
      get: function() {
        if (this._m_isNoBackslashEscapes !== undefined)
          return this._m_isNoBackslashEscapes;
        this._m_isNoBackslashEscapes = (this.modes.low & 1048576) != 0;
        return this._m_isNoBackslashEscapes;
      }
    });
    Object.defineProperty(SqlModeVar.prototype, 'isNoEngineSubstitution', {
      get: function() {
        if (this._m_isNoEngineSubstitution !== undefined)
          return this._m_isNoEngineSubstitution;
        this._m_isNoEngineSubstitution = (this.modes.low & 1073741824) != 0;
        return this._m_isNoEngineSubstitution;
      }
    });
    Object.defineProperty(SqlModeVar.prototype, 'isNoZeroDate', {
      get: function() {
        if (this._m_isNoZeroDate !== undefined)
          return this._m_isNoZeroDate;
        this._m_isNoZeroDate = (this.modes.low & 16777216) != 0;
        return this._m_isNoZeroDate;
      }
    });
    Object.defineProperty(SqlModeVar.prototype, 'isNoZeroInDate', {
      get: function() {
        if (this._m_isNoZeroInDate !== undefined)
          return this._m_isNoZeroInDate;
        this._m_isNoZeroInDate = (this.modes.low & 8388608) != 0;
        return this._m_isNoZeroInDate;
      }
    });
    Object.defineProperty(SqlModeVar.prototype, 'isOnlyFullGroupBy', {
      get: function() {
        if (this._m_isOnlyFullGroupBy !== undefined)
          return this._m_isOnlyFullGroupBy;
        this._m_isOnlyFullGroupBy = (this.modes.low & 32) != 0;
        return this._m_isOnlyFullGroupBy;
      }
    });

    /**
     * `||` is string concatenation, not OR.
     */
    Object.defineProperty(SqlModeVar.prototype, 'isPipesAsConcat', {
      get: function() {
        if (this._m_isPipesAsConcat !== undefined)
          return this._m_isPipesAsConcat;
        this._m_isPipesAsConcat = (this.modes.low & 2) != 0;
        return this._m_isPipesAsConcat;
      }
    });
    Object.defineProperty(SqlModeVar.prototype, 'isRealAsFloat', {
      get: function() {
        if (this._m_isRealAsFloat !== undefined)
          return this._m_isRealAsFloat;
        this._m_isRealAsFloat = (this.modes.low & 1) != 0;
        return this._m_isRealAsFloat;
      }
    });
    Object.defineProperty(SqlModeVar.prototype, 'isStrictAllTables', {
      get: function() {
        if (this._m_isStrictAllTables !== undefined)
          return this._m_isStrictAllTables;
        this._m_isStrictAllTables = (this.modes.low & 4194304) != 0;
        return this._m_isStrictAllTables;
      }
    });
    Object.defineProperty(SqlModeVar.prototype, 'isStrictTransTables', {
      get: function() {
        if (this._m_isStrictTransTables !== undefined)
          return this._m_isStrictTransTables;
        this._m_isStrictTransTables = (this.modes.low & 2097152) != 0;
        return this._m_isStrictTransTables;
      }
    });

    /**
     * Bit set; see enum `sql_mode_bit`. Bits 0..31 mean the same in MySQL
     * and MariaDB (except the ones MySQL 8.0 retired); bits 32 and up
     * differ between the two (MySQL: 32 TIME_TRUNCATE_FRACTIONAL,
     * 33 INTERPRET_UTF8_AS_UTF8MB4; MariaDB: 32 EMPTY_STRING_IS_NULL,
     * 33 SIMULTANEOUS_ASSIGNMENT, 34 TIME_ROUND_FRACTIONAL). Bits 0..31 are
     * `modes.low` (the is_* instances test them there, exactly in every
     * language), bits 32..63 `modes.high`.
     */

    return SqlModeVar;
  })();

  /**
   * One status variable, a code byte followed by a code-specific value.
   */

  var StatusVar = QueryEvent.StatusVar = (function() {
    function StatusVar(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    StatusVar.prototype._read = function() {
      this.code = this._io.readU1();
      switch (this.code) {
      case QueryEvent.StatusVarCode.AUTO_INCREMENT:
        this.value = new AutoIncrementVar(this._io, this, this._root);
        break;
      case QueryEvent.StatusVarCode.CATALOG:
        this.value = new CatalogWithNul(this._io, this, this._root);
        break;
      case QueryEvent.StatusVarCode.CATALOG_NZ:
        this.value = new ShortString(this._io, this, this._root);
        break;
      case QueryEvent.StatusVarCode.CHARACTER_SET_COLLATIONS:
        this.value = new CharacterSetCollationsVar(this._io, this, this._root);
        break;
      case QueryEvent.StatusVarCode.CHARSET:
        this.value = new CharsetVar(this._io, this, this._root);
        break;
      case QueryEvent.StatusVarCode.CHARSET_DATABASE:
        this.value = this._io.readU2le();
        break;
      case QueryEvent.StatusVarCode.COMMIT_TS:
        this.value = new MysqlUint64_.MysqlUint64(this._io, null, null);
        break;
      case QueryEvent.StatusVarCode.DDL_LOGGED_WITH_XID:
        this.value = new MysqlUint64_.MysqlUint64(this._io, null, null);
        break;
      case QueryEvent.StatusVarCode.DEFAULT_COLLATION_FOR_UTF8MB4:
        this.value = this._io.readU2le();
        break;
      case QueryEvent.StatusVarCode.DEFAULT_TABLE_ENCRYPTION:
        this.value = this._io.readU1();
        break;
      case QueryEvent.StatusVarCode.ENABLE_CASCADE_TRIGGERS:
        this.value = this._io.readU1();
        break;
      case QueryEvent.StatusVarCode.EXPLICIT_DEFAULTS_FOR_TIMESTAMP:
        this.value = this._io.readU1();
        break;
      case QueryEvent.StatusVarCode.FLAGS2:
        this.value = new Flags2Var(this._io, this, this._root);
        break;
      case QueryEvent.StatusVarCode.GTID_FLAGS3:
        this.value = new GtidFlags3Var(this._io, this, this._root);
        break;
      case QueryEvent.StatusVarCode.HRNOW:
        this.value = this._io.readBitsIntLe(24);
        break;
      case QueryEvent.StatusVarCode.INVOKER:
        this.value = new InvokerVar(this._io, this, this._root);
        break;
      case QueryEvent.StatusVarCode.LC_TIME_NAMES:
        this.value = this._io.readU2le();
        break;
      case QueryEvent.StatusVarCode.MASTER_DATA_WRITTEN:
        this.value = this._io.readU4le();
        break;
      case QueryEvent.StatusVarCode.MICROSECONDS:
        this.value = this._io.readBitsIntLe(24);
        break;
      case QueryEvent.StatusVarCode.SQL_MODE:
        this.value = new SqlModeVar(this._io, this, this._root);
        break;
      case QueryEvent.StatusVarCode.SQL_REQUIRE_PRIMARY_KEY:
        this.value = this._io.readU1();
        break;
      case QueryEvent.StatusVarCode.TABLE_MAP_FOR_UPDATE:
        this.value = new Bitmap64(this._io, this, this._root);
        break;
      case QueryEvent.StatusVarCode.TIME_ZONE:
        this.value = new ShortString(this._io, this, this._root);
        break;
      case QueryEvent.StatusVarCode.UPDATED_DB_NAMES:
        this.value = new UpdatedDbNamesVar(this._io, this, this._root);
        break;
      case QueryEvent.StatusVarCode.XID:
        this.value = new MysqlUint64_.MysqlUint64(this._io, null, null);
        break;
      default:
        this.value = new UnknownVar(this._io, this, this._root);
        break;
      }
    }

    /**
     * Value of the variable; its layout depends on `code` (see the
     * `status_var_code` enum). Integers: lc_time_names (locale number,
     * 0 = en_US), charset_database (collation_database id),
     * master_data_written (original event size), microseconds / hrnow
     * (fractional second of the statement start, 0..999999),
     * commit_ts (commit sequence number), explicit_defaults_for_timestamp
     * (0 = OFF, else ON), ddl_logged_with_xid / xid (XID of a DDL),
     * default_collation_for_utf8mb4 (collation id),
     * sql_require_primary_key, default_table_encryption and
     * enable_cascade_triggers (0/1).
     */

    return StatusVar;
  })();

  /**
   * The status-variable block. Servers write the entries in increasing code
   * order, but this spec reads them in any order. An entry whose code this
   * spec does not know ends the list and the rest of the block is kept raw,
   * since its length cannot be known (MySQL's and MariaDB's readers stop
   * there too).
   */

  var StatusVars = QueryEvent.StatusVars = (function() {
    function StatusVars(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    StatusVars.prototype._read = function() {
      this.entries = [];
      var i = 0;
      while (!this._io.isEof()) {
        this.entries.push(new StatusVar(this._io, this, this._root));
        i++;
      }
    }

    return StatusVars;
  })();

  /**
   * Value of a status variable this spec does not know (nor, possibly, the
   * reader): its length is unknown, so the rest of the block is kept raw.
   */

  var UnknownVar = QueryEvent.UnknownVar = (function() {
    function UnknownVar(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    UnknownVar.prototype._read = function() {
      this.rest = this._io.readBytesFull();
    }

    return UnknownVar;
  })();

  /**
   * Q_UPDATED_DB_NAMES value (MySQL 5.6 and later): the databases the
   * statement changes, used by the multi-threaded replica to schedule it.
   */

  var UpdatedDbNamesVar = QueryEvent.UpdatedDbNamesVar = (function() {
    function UpdatedDbNamesVar(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    UpdatedDbNamesVar.prototype._read = function() {
      this.numNames = this._io.readU1();
      if (!(this.isOverMax)) {
        this.names = [];
        for (var i = 0; i < this.numNames; i++) {
          this.names.push(KaitaiStream.bytesToStr(this._io.readBytesTerm(0, false, true, true), "UTF-8"));
        }
      }
    }

    /**
     * True when the list was left out (OVER_MAX_DBS_IN_EVENT_MTS).
     */
    Object.defineProperty(UpdatedDbNamesVar.prototype, 'isOverMax', {
      get: function() {
        if (this._m_isOverMax !== undefined)
          return this._m_isOverMax;
        this._m_isOverMax = this.numNames == 254;
        return this._m_isOverMax;
      }
    });

    /**
     * Number of names that follow, or 254 (OVER_MAX_DBS_IN_EVENT_MTS)
     * when there were too many to list, in which case none follow.
     */

    /**
     * The database names, each NUL-terminated.
     */

    return UpdatedDbNamesVar;
  })();
  Object.defineProperty(QueryEvent.prototype, 'hasExecuteLoadQueryHeader', {
    get: function() {
      if (this._m_hasExecuteLoadQueryHeader !== undefined)
        return this._m_hasExecuteLoadQueryHeader;
      this._m_hasExecuteLoadQueryHeader =  ((this.isExecuteLoadQuery) && (this.postHeaderLen >= 26)) ;
      return this._m_hasExecuteLoadQueryHeader;
    }
  });

  /**
   * True for binlog v4 (MySQL 5.0 and later, MariaDB), whose post-header
   * carries the status-variable block length; binlog v1/v3 events have
   * neither the length nor the block.
   */
  Object.defineProperty(QueryEvent.prototype, 'hasStatusVars', {
    get: function() {
      if (this._m_hasStatusVars !== undefined)
        return this._m_hasStatusVars;
      this._m_hasStatusVars = this.postHeaderLen >= 13;
      return this._m_hasStatusVars;
    }
  });

  /**
   * Number of post-header bytes this spec knows how to read.
   */
  Object.defineProperty(QueryEvent.prototype, 'knownPostHeaderLen', {
    get: function() {
      if (this._m_knownPostHeaderLen !== undefined)
        return this._m_knownPostHeaderLen;
      this._m_knownPostHeaderLen = (this.postHeaderLen >= 13 ? 13 : 11) + (this.hasExecuteLoadQueryHeader ? 13 : 0);
      return this._m_knownPostHeaderLen;
    }
  });

  /**
   * The statement text of any of the three event types, inflated for a
   * QUERY_COMPRESSED_EVENT (a parse error when its stream is corrupt, null when
   * it names an unknown compression algorithm).
   */
  Object.defineProperty(QueryEvent.prototype, 'queryText', {
    get: function() {
      if (this._m_queryText !== undefined)
        return this._m_queryText;
      this._m_queryText = (this.isCompressed ? this.compressedQuery.data : this.query);
      return this._m_queryText;
    }
  });

  /**
   * Id of the connection (pseudo thread id) that ran the statement; needed
   * on the replica to tell apart temporary tables of different sessions.
   */

  /**
   * Seconds between the start of the statement and its logging.
   */

  /**
   * Length in bytes of `schema` (the default database), 0 if none.
   */

  /**
   * Error the statement raised on the source (0 when it succeeded); a
   * replica expects to hit the same error when replaying it.
   */

  /**
   * Size in bytes of the `status_vars` block (binlog v4 only).
   */

  /**
   * The EXECUTE_LOAD_QUERY_EVENT part of the post-header.
   */

  /**
   * Post-header bytes beyond the fields above, declared by a newer server
   * through the FORMAT_DESCRIPTION_EVENT; skipped, as MySQL's reader does.
   */

  /**
   * Session variables in force when the statement ran, as a sequence of
   * (code, value) entries.
   */

  /**
   * Default database of the session (`USE` database), empty if none.
   */

  /**
   * The 0 byte written after the schema name (redundant with `len_schema`).
   */

  /**
   * The statement text (not NUL-terminated), in the client character set
   * given by the Q_CHARSET_CODE status variable. Absent in a
   * QUERY_COMPRESSED_EVENT: read `query_text`, which holds the text for
   * both.
   */

  /**
   * The statement text of a QUERY_COMPRESSED_EVENT, compressed.
   * @see {@link https://github.com/MariaDB/server/blob/main/sql/log_event.cc|Source}
   */

  /**
   * Post-header length declared for this event type by the
   * FORMAT_DESCRIPTION_EVENT (entry for type 2, 18 or 165): 13 for
   * QUERY_EVENT and QUERY_COMPRESSED_EVENT in binlog v4, 26 for
   * EXECUTE_LOAD_QUERY_EVENT, 11 in binlog v1/v3 (no status-variable
   * block). A longer value means a future server appended post-header
   * fields that this spec keeps as `post_header_extra`.
   */

  /**
   * True for an EXECUTE_LOAD_QUERY_EVENT (type 18, LOAD DATA logged as its
   * statement, MySQL 5.0 and later), whose post-header (26 bytes) appends
   * `execute_load_query` to the QUERY_EVENT fields; false for QUERY_EVENT
   * and QUERY_COMPRESSED_EVENT.
   */

  /**
   * True for MariaDB's QUERY_COMPRESSED_EVENT (type 165), whose statement text is
   * compressed (`compressed_query`); false for QUERY_EVENT and EXECUTE_LOAD_QUERY_EVENT.
   */

  return QueryEvent;
})();
QueryEvent_.QueryEvent = QueryEvent;
});
