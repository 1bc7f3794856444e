# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import mysql_uint64


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class MysqlPackedInt(KaitaiStruct):
    """MySQL's variable-length unsigned integer ("length-encoded integer", net_field_length).
    The first byte is the value itself when below 251; 251 marks SQL NULL; 252, 253 and 254
    are followed by a 2-, 3- and 8-byte little-endian value.
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_basic_dt_integers.html
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(MysqlPackedInt, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.first = self._io.read_u1()
        if self.first == 252:
            pass
            self.value_u2 = self._io.read_u2le()

        if self.first == 253:
            pass
            self.value_u3 = self._io.read_bits_int_le(24)

        if self.first == 254:
            pass
            self.value_u8 = mysql_uint64.MysqlUint64(self._io)



    def _fetch_instances(self):
        pass
        if self.first == 252:
            pass

        if self.first == 253:
            pass

        if self.first == 254:
            pass
            self.value_u8._fetch_instances()


    @property
    def is_null(self):
        if hasattr(self, '_m_is_null'):
            return self._m_is_null

        self._m_is_null = self.first == 251
        return getattr(self, '_m_is_null', None)

    @property
    def value(self):
        """The decoded integer (0 for the NULL marker 251 and the invalid 255)."""
        if hasattr(self, '_m_value'):
            return self._m_value

        self._m_value = (self.first if self.first < 251 else (self.value_u2 if self.first == 252 else (self.value_u3 if self.first == 253 else (self.value_u8.value if self.first == 254 else 0))))
        return getattr(self, '_m_value', None)


