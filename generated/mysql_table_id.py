# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class MysqlTableId(KaitaiStruct):
    """The number a TABLE_MAP_EVENT gives its table, which the rows events of the same
    statement repeat: 6 bytes little-endian, or 4 when the event's post-header is 6 bytes
    long (early 5.1 servers).
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Table__map__event.html
    """
    def __init__(self, post_header_len, _io, _parent=None, _root=None):
        super(MysqlTableId, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self.post_header_len = post_header_len
        self._read()

    def _read(self):
        self.low = self._io.read_u4le()
        if self.post_header_len != 6:
            pass
            self.high = self._io.read_u2le()



    def _fetch_instances(self):
        pass
        if self.post_header_len != 6:
            pass


    @property
    def value(self):
        """Multiplied, not shifted by 32: JavaScript shifts are 32-bit, so `<< 32` would drop
        the high part in the JS build.
        """
        if hasattr(self, '_m_value'):
            return self._m_value

        self._m_value = (self.low if self.post_header_len == 6 else self.low + self.high * 4294967296)
        return getattr(self, '_m_value', None)


