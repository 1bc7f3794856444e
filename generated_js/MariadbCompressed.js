// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', 'binlog_kaitai/ZlibProcess'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('binlog_kaitai/ZlibProcess'));
  } else {
    factory(root.MariadbCompressed || (root.MariadbCompressed = {}), root.KaitaiStream, root.ZlibProcess || (root.ZlibProcess = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (MariadbCompressed_, KaitaiStream, ZlibProcess_) {
/**
 * The compressed tail of a MariaDB QUERY_COMPRESSED_EVENT (the statement text) or of a
 * compressed rows event (types 166-171: the row images), written when log_bin_compress is
 * ON and the data is at least log_bin_compress_min_len bytes. One header byte (bit 7
 * always set, bits 4-6 the algorithm, bits 0-2 how many bytes the uncompressed length
 * takes), that length in 1 to 4 bytes, big-endian (unlike the rest of the binlog), then
 * the compressed stream up to the end of the event body.
 * 
 * `data` inflates the stream with a custom process that produces exactly
 * `len_uncompressed` bytes or fails (binlog_kaitai.ZlibProcess in Python); it is an
 * instance, so the stream is only inflated when read. A header this spec cannot read (an
 * algorithm other than zlib, a length of 0 or more than 4 bytes) leaves `data` null and
 * the bytes in `compressed`.
 * @see {@link https://github.com/MariaDB/server/blob/main/sql/log_event.cc|Source}
 * @see {@link https://mariadb.com/kb/en/compressing-events-to-reduce-size-of-the-binary-log/|Source}
 */

var MariadbCompressed = (function() {
  MariadbCompressed.CompressionAlgorithm = Object.freeze({
    ZLIB: 0,

    0: "ZLIB",
  });

  function MariadbCompressed(_io, _parent, _root) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;

    this._read();
  }
  MariadbCompressed.prototype._read = function() {
    this.header = this._io.readU1();
    if ( ((this.lenBytes >= 1) && (this.lenBytes <= 4)) ) {
      switch (this.lenBytes) {
      case 1:
        this.lenUncompressed = this._io.readU1();
        break;
      case 2:
        this.lenUncompressed = this._io.readU2be();
        break;
      case 3:
        this.lenUncompressed = this._io.readBitsIntBe(24);
        break;
      case 4:
        this.lenUncompressed = this._io.readU4be();
        break;
      }
    }
    this.compressed = this._io.readBytesFull();
  }
  Object.defineProperty(MariadbCompressed.prototype, 'algorithm', {
    get: function() {
      if (this._m_algorithm !== undefined)
        return this._m_algorithm;
      this._m_algorithm = (this.header & 112) >>> 4;
      return this._m_algorithm;
    }
  });

  /**
   * The inflated bytes: exactly `len_uncompressed` of them, or a parse error (corrupt
   * stream, a size other than declared, or a declared size over the reader's limit).
   */
  Object.defineProperty(MariadbCompressed.prototype, 'data', {
    get: function() {
      if (this._m_data !== undefined)
        return this._m_data;
      if (this.isSupported) {
        var _pos = this._io.pos;
        this._io.seek(1 + this.lenBytes);
        this._raw__m_data = this._io.readBytes((this._io.size - 1) - this.lenBytes);
        var _process = new ZlibProcess_.ZlibProcess(this.lenUncompressed);
        this._m_data = _process.decode(this._raw__m_data);
        this._io.seek(_pos);
      }
      return this._m_data;
    }
  });

  /**
   * Always true in what MariaDB writes; its reader rejects the field otherwise.
   */
  Object.defineProperty(MariadbCompressed.prototype, 'isCompressed', {
    get: function() {
      if (this._m_isCompressed !== undefined)
        return this._m_isCompressed;
      this._m_isCompressed = (this.header & 128) != 0;
      return this._m_isCompressed;
    }
  });
  Object.defineProperty(MariadbCompressed.prototype, 'isSupported', {
    get: function() {
      if (this._m_isSupported !== undefined)
        return this._m_isSupported;
      this._m_isSupported =  ((this.isCompressed) && (this.algorithm == MariadbCompressed.CompressionAlgorithm.ZLIB) && (this.lenBytes >= 1) && (this.lenBytes <= 4)) ;
      return this._m_isSupported;
    }
  });

  /**
   * Number of bytes of `len_uncompressed` (1 to 4; MariaDB writes the fewest that fit).
   */
  Object.defineProperty(MariadbCompressed.prototype, 'lenBytes', {
    get: function() {
      if (this._m_lenBytes !== undefined)
        return this._m_lenBytes;
      this._m_lenBytes = this.header & 7;
      return this._m_lenBytes;
    }
  });

  /**
   * Bit 7 set; bits 4-6 `algorithm`; bits 0-2 `len_bytes`.
   */

  /**
   * Size of the data once inflated, most significant byte first.
   */

  /**
   * The compressed stream (zlib format, RFC 1950, for algorithm 0).
   */

  return MariadbCompressed;
})();
MariadbCompressed_.MariadbCompressed = MariadbCompressed;
});
