# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import mysql_uint64
from . import mysql_varlen_uint
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class PreviousGtidsEvent(KaitaiStruct):
    """Body of PREVIOUS_GTIDS_LOG_EVENT (type 35), written near the start of every binlog file
    (MySQL 5.6+): the set of GTIDs of all transactions in earlier binlog files, encoded by
    Gtid_set::encode as a list of source ids, each with its intervals of transaction
    numbers.
    
    The first 8 bytes (little-endian) carry the number of source ids and, in their top byte,
    the encoding format (MySQL 8.3+, enum Gtid_format): 0 (untagged) keeps the count in the
    low 56 bits, i.e. the first 7 bytes; 1 (tagged, written as soon as the set holds a
    tagged GTID) repeats the format in the lowest byte and keeps the count in bytes 1-6. In
    the tagged format every source id is a UUID plus a tag, the tag written as a
    variable-length byte count (see mysql_varlen_uint) and its characters (count 0 for
    untagged GTIDs); the untagged format has no tag field at all. Intervals are
    [start, end) pairs, so 1-7 is stored as 1 and 8.
    
    Other format values are not understood by MySQL; their entries are left in `rest`.
    
    .. seealso::
       Source - https://github.com/mysql/mysql-server/blob/trunk/sql/rpl_gtid_set.cc
    
    
    .. seealso::
       Source - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/gtid/gtid_format.h
    
    
    .. seealso::
       Source - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/gtid/tag.cpp
    """

    class GtidFormat(IntEnum):
        untagged = 0
        tagged = 1
    def __init__(self, _io, _parent=None, _root=None):
        super(PreviousGtidsEvent, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.count_bytes = self._io.read_bytes(7)
        self.format = KaitaiStream.resolve_enum(PreviousGtidsEvent.GtidFormat, self._io.read_u1())
        if self.is_known_format:
            pass
            self.sids = []
            for i in range(self.n_sids):
                self.sids.append(PreviousGtidsEvent.SidEntry(self.is_tagged, self._io, self, self._root))


        self.rest = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        if self.is_known_format:
            pass
            for i in range(len(self.sids)):
                pass
                self.sids[i]._fetch_instances()



    class Interval(KaitaiStruct):
        """Transaction numbers start to end - 1."""
        def __init__(self, _io, _parent=None, _root=None):
            super(PreviousGtidsEvent.Interval, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.start = mysql_uint64.MysqlUint64(self._io)
            self.end = mysql_uint64.MysqlUint64(self._io)


        def _fetch_instances(self):
            pass
            self.start._fetch_instances()
            self.end._fetch_instances()

        @property
        def last(self):
            """Last transaction number of the interval, as GTID sets are written (start-last)."""
            if hasattr(self, '_m_last'):
                return self._m_last

            self._m_last = self.end.value - 1
            return getattr(self, '_m_last', None)


    class SidEntry(KaitaiStruct):
        """The intervals of one source id (UUID, plus a tag in the tagged format)."""
        def __init__(self, tagged, _io, _parent=None, _root=None):
            super(PreviousGtidsEvent.SidEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.tagged = tagged
            self._read()

        def _read(self):
            self.uuid = self._io.read_bytes(16)
            if self.tagged:
                pass
                self.tag = PreviousGtidsEvent.Tag(self._io, self, self._root)

            self.n_intervals = mysql_uint64.MysqlUint64(self._io)
            self.intervals = []
            for i in range(self.n_intervals.value):
                self.intervals.append(PreviousGtidsEvent.Interval(self._io, self, self._root))



        def _fetch_instances(self):
            pass
            if self.tagged:
                pass
                self.tag._fetch_instances()

            self.n_intervals._fetch_instances()
            for i in range(len(self.intervals)):
                pass
                self.intervals[i]._fetch_instances()



    class Tag(KaitaiStruct):
        """A GTID tag as the serialization library writes a string, byte count then bytes."""
        def __init__(self, _io, _parent=None, _root=None):
            super(PreviousGtidsEvent.Tag, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.len_value = mysql_varlen_uint.MysqlVarlenUint(self._io)
            self.value = (self._io.read_bytes(self.len_value.value)).decode(u"UTF-8")


        def _fetch_instances(self):
            pass
            self.len_value._fetch_instances()


    @property
    def is_known_format(self):
        """The format is one MySQL understands."""
        if hasattr(self, '_m_is_known_format'):
            return self._m_is_known_format

        self._m_is_known_format =  ((self.format == 0) or (self.format == 1)) 
        return getattr(self, '_m_is_known_format', None)

    @property
    def is_tagged(self):
        """Entries carry a tag after their UUID (MySQL 8.3+)."""
        if hasattr(self, '_m_is_tagged'):
            return self._m_is_tagged

        self._m_is_tagged = self.format == 1
        return getattr(self, '_m_is_tagged', None)

    @property
    def n_sids(self):
        """Number of source ids in the set."""
        if hasattr(self, '_m_n_sids'):
            return self._m_n_sids

        self._m_n_sids = (((((KaitaiStream.byte_array_index(self.count_bytes, 1) + KaitaiStream.byte_array_index(self.count_bytes, 2) * 256) + KaitaiStream.byte_array_index(self.count_bytes, 3) * 65536) + KaitaiStream.byte_array_index(self.count_bytes, 4) * 16777216) + KaitaiStream.byte_array_index(self.count_bytes, 5) * 4294967296) + KaitaiStream.byte_array_index(self.count_bytes, 6) * 1099511627776 if self.is_tagged else (((((KaitaiStream.byte_array_index(self.count_bytes, 0) + KaitaiStream.byte_array_index(self.count_bytes, 1) * 256) + KaitaiStream.byte_array_index(self.count_bytes, 2) * 65536) + KaitaiStream.byte_array_index(self.count_bytes, 3) * 16777216) + KaitaiStream.byte_array_index(self.count_bytes, 4) * 4294967296) + KaitaiStream.byte_array_index(self.count_bytes, 5) * 1099511627776) + KaitaiStream.byte_array_index(self.count_bytes, 6) * 281474976710656)
        return getattr(self, '_m_n_sids', None)


