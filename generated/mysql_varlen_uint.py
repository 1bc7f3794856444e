# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class MysqlVarlenUint(KaitaiStruct):
    """Unsigned integer in the variable-length format of MySQL's serialization library (used by
    GTID_TAGGED_LOG_EVENT and by the GTID tags of a tagged GTID set), 1 to 9 bytes.
    
    The number of trailing one bits of the first byte, plus one, is the total length N.
    For N <= 8 the value is the first byte shifted right by N, plus the N-1 following bytes
    read as a little-endian number and multiplied by 2^(8-N); the first byte 0xff (N = 9)
    means the 8 following bytes hold the whole 64-bit value. Examples: 0x0a is 5 (1 byte),
    0x25 0x02 is 137 (2 bytes), 0x43 0x0f 0x0b is 90600 (3 bytes).
    
    `value` is exact in Python; in JavaScript it is exact below 2^53.
    
    .. seealso::
       Source - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/serialization/variable_length_integers.h
    
    
    .. seealso::
       Source - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/serialization/readme.md
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(MysqlVarlenUint, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.first = self._io.read_u1()
        self.rest = self._io.read_bytes(self.num_bytes - 1)


    def _fetch_instances(self):
        pass

    @property
    def num_bytes(self):
        """Total encoded length in bytes (1 to 9)."""
        if hasattr(self, '_m_num_bytes'):
            return self._m_num_bytes

        self._m_num_bytes = (1 if self.first & 1 == 0 else (2 if self.first & 2 == 0 else (3 if self.first & 4 == 0 else (4 if self.first & 8 == 0 else (5 if self.first & 16 == 0 else (6 if self.first & 32 == 0 else (7 if self.first & 64 == 0 else (8 if self.first & 128 == 0 else 9))))))))
        return getattr(self, '_m_num_bytes', None)

    @property
    def rest_value(self):
        """The further bytes as a little-endian number."""
        if hasattr(self, '_m_rest_value'):
            return self._m_rest_value

        self._m_rest_value = (((((((KaitaiStream.byte_array_index(self.rest, 0) if self.num_bytes > 1 else 0) + (KaitaiStream.byte_array_index(self.rest, 1) * 256 if self.num_bytes > 2 else 0)) + (KaitaiStream.byte_array_index(self.rest, 2) * 65536 if self.num_bytes > 3 else 0)) + (KaitaiStream.byte_array_index(self.rest, 3) * 16777216 if self.num_bytes > 4 else 0)) + (KaitaiStream.byte_array_index(self.rest, 4) * 4294967296 if self.num_bytes > 5 else 0)) + (KaitaiStream.byte_array_index(self.rest, 5) * 1099511627776 if self.num_bytes > 6 else 0)) + (KaitaiStream.byte_array_index(self.rest, 6) * 281474976710656 if self.num_bytes > 7 else 0)) + (KaitaiStream.byte_array_index(self.rest, 7) * 72057594037927936 if self.num_bytes > 8 else 0)
        return getattr(self, '_m_rest_value', None)

    @property
    def value(self):
        """The decoded unsigned integer."""
        if hasattr(self, '_m_value'):
            return self._m_value

        self._m_value = (self.rest_value if self.num_bytes == 9 else (self.first >> self.num_bytes) + self.rest_value * (64 if self.num_bytes == 2 else (32 if self.num_bytes == 3 else (16 if self.num_bytes == 4 else (8 if self.num_bytes == 5 else (4 if self.num_bytes == 6 else (2 if self.num_bytes == 7 else 1)))))))
        return getattr(self, '_m_value', None)


