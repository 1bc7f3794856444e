// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './MysqlUint64', './MysqlVarlenUint'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./MysqlUint64'), require('./MysqlVarlenUint'));
  } else {
    factory(root.PreviousGtidsEvent || (root.PreviousGtidsEvent = {}), root.KaitaiStream, root.MysqlUint64 || (root.MysqlUint64 = {}), root.MysqlVarlenUint || (root.MysqlVarlenUint = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (PreviousGtidsEvent_, KaitaiStream, MysqlUint64_, MysqlVarlenUint_) {
/**
 * Body of PREVIOUS_GTIDS_LOG_EVENT (type 35), written near the start of every binlog file
 * (MySQL 5.6+): the set of GTIDs of all transactions in earlier binlog files, encoded by
 * Gtid_set::encode as a list of source ids, each with its intervals of transaction
 * numbers.
 * 
 * The first 8 bytes (little-endian) carry the number of source ids and, in their top byte,
 * the encoding format (MySQL 8.3+, enum Gtid_format): 0 (untagged) keeps the count in the
 * low 56 bits, i.e. the first 7 bytes; 1 (tagged, written as soon as the set holds a
 * tagged GTID) repeats the format in the lowest byte and keeps the count in bytes 1-6. In
 * the tagged format every source id is a UUID plus a tag, the tag written as a
 * variable-length byte count (see mysql_varlen_uint) and its characters (count 0 for
 * untagged GTIDs); the untagged format has no tag field at all. Intervals are
 * [start, end) pairs, so 1-7 is stored as 1 and 8.
 * 
 * Other format values are not understood by MySQL; their entries are left in `rest`.
 * @see {@link https://github.com/mysql/mysql-server/blob/trunk/sql/rpl_gtid_set.cc|Source}
 * @see {@link https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/gtid/gtid_format.h|Source}
 * @see {@link https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/gtid/tag.cpp|Source}
 */

var PreviousGtidsEvent = (function() {
  PreviousGtidsEvent.GtidFormat = Object.freeze({
    UNTAGGED: 0,
    TAGGED: 1,

    0: "UNTAGGED",
    1: "TAGGED",
  });

  function PreviousGtidsEvent(_io, _parent, _root) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;

    this._read();
  }
  PreviousGtidsEvent.prototype._read = function() {
    this.countBytes = this._io.readBytes(7);
    this.format = this._io.readU1();
    if (this.isKnownFormat) {
      this.sids = [];
      for (var i = 0; i < this.nSids; i++) {
        this.sids.push(new SidEntry(this._io, this, this._root, this.isTagged));
      }
    }
    this.rest = this._io.readBytesFull();
  }

  /**
   * Transaction numbers start to end - 1.
   */

  var Interval = PreviousGtidsEvent.Interval = (function() {
    function Interval(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    Interval.prototype._read = function() {
      this.start = new MysqlUint64_.MysqlUint64(this._io, null, null);
      this.end = new MysqlUint64_.MysqlUint64(this._io, null, null);
    }

    /**
     * Last transaction number of the interval, as GTID sets are written (start-last).
     */
    Object.defineProperty(Interval.prototype, 'last', {
      get: function() {
        if (this._m_last !== undefined)
          return this._m_last;
        this._m_last = this.end.value - 1;
        return this._m_last;
      }
    });

    /**
     * First transaction number (int64 in MySQL).
     */

    /**
     * One past the last transaction number (int64 in MySQL).
     */

    return Interval;
  })();

  /**
   * The intervals of one source id (UUID, plus a tag in the tagged format).
   */

  var SidEntry = PreviousGtidsEvent.SidEntry = (function() {
    function SidEntry(_io, _parent, _root, tagged) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.tagged = tagged;

      this._read();
    }
    SidEntry.prototype._read = function() {
      this.uuid = this._io.readBytes(16);
      if (this.tagged) {
        this.tag = new Tag(this._io, this, this._root);
      }
      this.nIntervals = new MysqlUint64_.MysqlUint64(this._io, null, null);
      this.intervals = [];
      for (var i = 0; i < this.nIntervals.value; i++) {
        this.intervals.push(new Interval(this._io, this, this._root));
      }
    }

    /**
     * The source UUID as 16 raw bytes.
     */

    /**
     * The tag, only in the tagged format; its value is empty for the untagged GTIDs of a
     * tagged set (printed without a tag).
     */

    /**
     * Number of intervals.
     */

    /**
     * Disjoint intervals in increasing order.
     */

    /**
     * The set uses the tagged format.
     */

    return SidEntry;
  })();

  /**
   * A GTID tag as the serialization library writes a string, byte count then bytes.
   */

  var Tag = PreviousGtidsEvent.Tag = (function() {
    function Tag(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    Tag.prototype._read = function() {
      this.lenValue = new MysqlVarlenUint_.MysqlVarlenUint(this._io, null, null);
      this.value = KaitaiStream.bytesToStr(this._io.readBytes(this.lenValue.value), "UTF-8");
    }

    /**
     * Byte length of the tag, 0 to 32.
     */

    /**
     * The tag (ASCII letters, digits and underscores, starting with a letter or underscore).
     */

    return Tag;
  })();

  /**
   * The format is one MySQL understands.
   */
  Object.defineProperty(PreviousGtidsEvent.prototype, 'isKnownFormat', {
    get: function() {
      if (this._m_isKnownFormat !== undefined)
        return this._m_isKnownFormat;
      this._m_isKnownFormat =  ((this.format == PreviousGtidsEvent.GtidFormat.UNTAGGED) || (this.format == PreviousGtidsEvent.GtidFormat.TAGGED)) ;
      return this._m_isKnownFormat;
    }
  });

  /**
   * Entries carry a tag after their UUID (MySQL 8.3+).
   */
  Object.defineProperty(PreviousGtidsEvent.prototype, 'isTagged', {
    get: function() {
      if (this._m_isTagged !== undefined)
        return this._m_isTagged;
      this._m_isTagged = this.format == PreviousGtidsEvent.GtidFormat.TAGGED;
      return this._m_isTagged;
    }
  });

  /**
   * Number of source ids in the set.
   */
  Object.defineProperty(PreviousGtidsEvent.prototype, 'nSids', {
    get: function() {
      if (this._m_nSids !== undefined)
        return this._m_nSids;
      this._m_nSids = (this.isTagged ? ((((this.countBytes[1] + this.countBytes[2] * 256) + this.countBytes[3] * 65536) + this.countBytes[4] * 16777216) + this.countBytes[5] * 4294967296) + this.countBytes[6] * 1099511627776 : (((((this.countBytes[0] + this.countBytes[1] * 256) + this.countBytes[2] * 65536) + this.countBytes[3] * 16777216) + this.countBytes[4] * 4294967296) + this.countBytes[5] * 1099511627776) + this.countBytes[6] * 281474976710656);
      return this._m_nSids;
    }
  });

  /**
   * The low 7 bytes of the 8-byte header (see n_sids).
   */

  /**
   * The top byte of the header, the encoding format.
   */

  /**
   * One entry per source id (per UUID and tag), in UUID/tag order.
   */

  /**
   * Bytes after the entries (none in events MySQL writes; everything for an unknown format).
   */

  return PreviousGtidsEvent;
})();
PreviousGtidsEvent_.PreviousGtidsEvent = PreviousGtidsEvent;
});
