# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class MysqlUint64(KaitaiStruct):
    """An 8-byte little-endian unsigned integer (XIDs, GTID sequence numbers, logical clocks,
    sql_mode bits...), read as two 32-bit halves so that the parse tree is exact in every
    target language. A plain `u8` is not: the JavaScript runtime returns a Number (a double),
    which changes every value above 2^53 (an XID 8359806808306483200 reads as
    8359806808306483000), and a damaged or hostile file can hold any 64-bit value.
    
    `low` and `high` are exact in every language; `value` joins them. It is exact in Python;
    in JavaScript it is exact below 2^53 only, so code that needs all 64 bits there reads
    the two halves (as the canonical dump of binlog_kaitai/dump.py and tools/dump.js does:
    it prints seq fields, not value instances).
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(MysqlUint64, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.low = self._io.read_u4le()
        self.high = self._io.read_u4le()


    def _fetch_instances(self):
        pass

    @property
    def value(self):
        """The whole 64-bit value. Multiplied, not shifted by 32: JavaScript shifts are 32-bit,
        so `high << 32` would drop the high half in the JS build.
        """
        if hasattr(self, '_m_value'):
            return self._m_value

        self._m_value = self.low + self.high * 4294967296
        return getattr(self, '_m_value', None)


