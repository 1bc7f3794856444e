// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './MysqlUint64'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./MysqlUint64'));
  } else {
    factory(root.MariadbGtidListEvent || (root.MariadbGtidListEvent = {}), root.KaitaiStream, root.MysqlUint64 || (root.MysqlUint64 = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (MariadbGtidListEvent_, KaitaiStream, MysqlUint64_) {
/**
 * Body of MariaDB's GTID_LIST_EVENT (type 163), written after the FORMAT_DESCRIPTION_EVENT
 * of every binlog file (10.0+): the binlog state at the start of the file, i.e. the last
 * GTID logged for every (domain_id, server_id) pair in earlier files. The first 4 bytes
 * hold the number of GTIDs in their low 28 bits and flags in their top 4 bits (flags are
 * only used in events a primary sends to a replica, never in files). Each GTID follows as
 * domain_id, server_id and seq_no.
 * 
 * An empty list is padded with zero bytes (MDEV-4475) so that old replicas can have it
 * replaced by a dummy event; the padding lands in `padding`.
 * @see {@link https://github.com/MariaDB/server/blob/main/sql/log_event.cc|Source}
 * @see {@link https://mariadb.com/kb/en/gtid_list_event/|Source}
 */

var MariadbGtidListEvent = (function() {
  MariadbGtidListEvent.Flag = Object.freeze({
    UNTIL_REACHED: 1,
    IGN_GTIDS: 2,

    1: "UNTIL_REACHED",
    2: "IGN_GTIDS",
  });

  function MariadbGtidListEvent(_io, _parent, _root) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;

    this._read();
  }
  MariadbGtidListEvent.prototype._read = function() {
    this.countAndFlags = this._io.readU4le();
    this.gtids = [];
    for (var i = 0; i < this.numGtids; i++) {
      this.gtids.push(new Gtid(this._io, this, this._root));
    }
    this.padding = this._io.readBytesFull();
  }

  /**
   * One GTID, printed by MariaDB as domain_id-server_id-seq_no.
   */

  var Gtid = MariadbGtidListEvent.Gtid = (function() {
    function Gtid(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    Gtid.prototype._read = function() {
      this.domainId = this._io.readU4le();
      this.serverId = this._io.readU4le();
      this.seqNo = new MysqlUint64_.MysqlUint64(this._io, null, null);
    }

    return Gtid;
  })();

  /**
   * The top 4 bits, shifted down (bit 0 = FLAG_UNTIL_REACHED, bit 1 = FLAG_IGN_GTIDS).
   */
  Object.defineProperty(MariadbGtidListEvent.prototype, 'flags', {
    get: function() {
      if (this._m_flags !== undefined)
        return this._m_flags;
      this._m_flags = this.countAndFlags >>> 28 & 15;
      return this._m_flags;
    }
  });

  /**
   * Sent to a replica to make it record these GTIDs as applied without running anything.
   */
  Object.defineProperty(MariadbGtidListEvent.prototype, 'isIgnGtids', {
    get: function() {
      if (this._m_isIgnGtids !== undefined)
        return this._m_isIgnGtids;
      this._m_isIgnGtids = (this.flags & MariadbGtidListEvent.Flag.IGN_GTIDS) != 0;
      return this._m_isIgnGtids;
    }
  });

  /**
   * Sent to a replica that reached its START SLAVE UNTIL master_gtid_pos position.
   */
  Object.defineProperty(MariadbGtidListEvent.prototype, 'isUntilReached', {
    get: function() {
      if (this._m_isUntilReached !== undefined)
        return this._m_isUntilReached;
      this._m_isUntilReached = (this.flags & MariadbGtidListEvent.Flag.UNTIL_REACHED) != 0;
      return this._m_isUntilReached;
    }
  });

  /**
   * Number of GTIDs.
   */
  Object.defineProperty(MariadbGtidListEvent.prototype, 'numGtids', {
    get: function() {
      if (this._m_numGtids !== undefined)
        return this._m_numGtids;
      this._m_numGtids = this.countAndFlags & 268435455;
      return this._m_numGtids;
    }
  });

  /**
   * Number of GTIDs (low 28 bits) and flags (top 4 bits, see enum flag).
   */

  /**
   * The binlog state, one GTID per (domain_id, server_id).
   */

  /**
   * Zero padding after an empty list.
   */

  return MariadbGtidListEvent;
})();
MariadbGtidListEvent_.MariadbGtidListEvent = MariadbGtidListEvent;
});
