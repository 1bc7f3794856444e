# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from enum import IntEnum
import binlog_kaitai


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class MariadbCompressed(KaitaiStruct):
    """The compressed tail of a MariaDB QUERY_COMPRESSED_EVENT (the statement text) or of a
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
    
    .. seealso::
       Source - https://github.com/MariaDB/server/blob/main/sql/log_event.cc
    
    
    .. seealso::
       Source - https://mariadb.com/kb/en/compressing-events-to-reduce-size-of-the-binary-log/
    """

    class CompressionAlgorithm(IntEnum):
        zlib = 0
    def __init__(self, _io, _parent=None, _root=None):
        super(MariadbCompressed, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.header = self._io.read_u1()
        if  ((self.len_bytes >= 1) and (self.len_bytes <= 4)) :
            pass
            _on = self.len_bytes
            if _on == 1:
                pass
                self.len_uncompressed = self._io.read_u1()
            elif _on == 2:
                pass
                self.len_uncompressed = self._io.read_u2be()
            elif _on == 3:
                pass
                self.len_uncompressed = self._io.read_bits_int_be(24)
            elif _on == 4:
                pass
                self.len_uncompressed = self._io.read_u4be()

        self.compressed = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        if  ((self.len_bytes >= 1) and (self.len_bytes <= 4)) :
            pass
            _on = self.len_bytes
            if _on == 1:
                pass
            elif _on == 2:
                pass
            elif _on == 3:
                pass
            elif _on == 4:
                pass

        _ = self.data
        if hasattr(self, '_m_data'):
            pass


    @property
    def algorithm(self):
        if hasattr(self, '_m_algorithm'):
            return self._m_algorithm

        self._m_algorithm = KaitaiStream.resolve_enum(MariadbCompressed.CompressionAlgorithm, (self.header & 112) >> 4)
        return getattr(self, '_m_algorithm', None)

    @property
    def data(self):
        """The inflated bytes: exactly `len_uncompressed` of them, or a parse error (corrupt
        stream, a size other than declared, or a declared size over the reader's limit).
        """
        if hasattr(self, '_m_data'):
            return self._m_data

        if self.is_supported:
            pass
            _pos = self._io.pos()
            self._io.seek(1 + self.len_bytes)
            self._raw__m_data = self._io.read_bytes((self._io.size() - 1) - self.len_bytes)
            _process = binlog_kaitai.ZlibProcess(self.len_uncompressed)
            self._m_data = _process.decode(self._raw__m_data)
            self._io.seek(_pos)

        return getattr(self, '_m_data', None)

    @property
    def is_compressed(self):
        """Always true in what MariaDB writes; its reader rejects the field otherwise."""
        if hasattr(self, '_m_is_compressed'):
            return self._m_is_compressed

        self._m_is_compressed = self.header & 128 != 0
        return getattr(self, '_m_is_compressed', None)

    @property
    def is_supported(self):
        if hasattr(self, '_m_is_supported'):
            return self._m_is_supported

        self._m_is_supported =  ((self.is_compressed) and (self.algorithm == 0) and (self.len_bytes >= 1) and (self.len_bytes <= 4)) 
        return getattr(self, '_m_is_supported', None)

    @property
    def len_bytes(self):
        """Number of bytes of `len_uncompressed` (1 to 4; MariaDB writes the fewest that fit)."""
        if hasattr(self, '_m_len_bytes'):
            return self._m_len_bytes

        self._m_len_bytes = self.header & 7
        return getattr(self, '_m_len_bytes', None)


