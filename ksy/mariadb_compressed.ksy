meta:
  id: mariadb_compressed
  title: MariaDB binlog-compressed field (log_bin_compress)
  application: MariaDB Server
  license: MIT
  ks-version: '0.11'
  endian: le
doc: |
  The compressed tail of a MariaDB QUERY_COMPRESSED_EVENT (the statement text) or of a
  compressed rows event (types 166-171: the row images), written when log_bin_compress is
  ON and the data is at least log_bin_compress_min_len bytes. One header byte (bit 7
  always set, bits 4-6 the algorithm, bits 0-2 how many bytes the uncompressed length
  takes), that length in 1 to 4 bytes, big-endian (unlike the rest of the binlog), then
  the compressed stream up to the end of the event body.

  `data` inflates the stream with a custom process that produces exactly
  `len_uncompressed` bytes or fails (binlog_kaitai.ZlibProcess in Python); it is an
  instance, so the stream is only inflated when read. A header this spec cannot read (an
  algorithm other than zlib, a length of 0 or more than 4 bytes) leaves `data` null and
  the bytes in `compressed`.
doc-ref:
  - https://github.com/MariaDB/server/blob/main/sql/log_event.cc
  - https://mariadb.com/kb/en/compressing-events-to-reduce-size-of-the-binary-log/
seq:
  - id: header
    type: u1
    doc: Bit 7 set; bits 4-6 `algorithm`; bits 0-2 `len_bytes`.
  - id: len_uncompressed
    type:
      switch-on: len_bytes
      cases:
        1: u1
        2: u2be
        3: b24be
        4: u4be
    if: len_bytes >= 1 and len_bytes <= 4
    doc: Size of the data once inflated, most significant byte first.
  - id: compressed
    size-eos: true
    doc: The compressed stream (zlib format, RFC 1950, for algorithm 0).
instances:
  is_compressed:
    value: (header & 0x80) != 0
    doc: Always true in what MariaDB writes; its reader rejects the field otherwise.
  algorithm:
    value: (header & 0x70) >> 4
    enum: compression_algorithm
  len_bytes:
    value: header & 0x07
    doc: Number of bytes of `len_uncompressed` (1 to 4; MariaDB writes the fewest that fit).
  is_supported:
    value: is_compressed and algorithm == compression_algorithm::zlib and len_bytes >= 1 and len_bytes <= 4
  data:
    pos: 1 + len_bytes
    size: _io.size - 1 - len_bytes
    process: binlog_kaitai.zlib_process(len_uncompressed)
    if: is_supported
    doc: |
      The inflated bytes: exactly `len_uncompressed` of them, or a parse error (corrupt
      stream, a size other than declared, or a declared size over the reader's limit).
enums:
  compression_algorithm:
    0: zlib
