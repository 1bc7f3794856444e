# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import mysql_uint64
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class MariadbGtidListEvent(KaitaiStruct):
    """Body of MariaDB's GTID_LIST_EVENT (type 163), written after the FORMAT_DESCRIPTION_EVENT
    of every binlog file (10.0+): the binlog state at the start of the file, i.e. the last
    GTID logged for every (domain_id, server_id) pair in earlier files. The first 4 bytes
    hold the number of GTIDs in their low 28 bits and flags in their top 4 bits (flags are
    only used in events a primary sends to a replica, never in files). Each GTID follows as
    domain_id, server_id and seq_no.
    
    An empty list is padded with zero bytes (MDEV-4475) so that old replicas can have it
    replaced by a dummy event; the padding lands in `padding`.
    
    .. seealso::
       Source - https://github.com/MariaDB/server/blob/main/sql/log_event.cc
    
    
    .. seealso::
       Source - https://mariadb.com/kb/en/gtid_list_event/
    """

    class Flag(IntEnum):
        until_reached = 1
        ign_gtids = 2
    def __init__(self, _io, _parent=None, _root=None):
        super(MariadbGtidListEvent, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.count_and_flags = self._io.read_u4le()
        self.gtids = []
        for i in range(self.num_gtids):
            self.gtids.append(MariadbGtidListEvent.Gtid(self._io, self, self._root))

        self.padding = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        for i in range(len(self.gtids)):
            pass
            self.gtids[i]._fetch_instances()


    class Gtid(KaitaiStruct):
        """One GTID, printed by MariaDB as domain_id-server_id-seq_no."""
        def __init__(self, _io, _parent=None, _root=None):
            super(MariadbGtidListEvent.Gtid, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.domain_id = self._io.read_u4le()
            self.server_id = self._io.read_u4le()
            self.seq_no = mysql_uint64.MysqlUint64(self._io)


        def _fetch_instances(self):
            pass
            self.seq_no._fetch_instances()


    @property
    def flags(self):
        """The top 4 bits, shifted down (bit 0 = FLAG_UNTIL_REACHED, bit 1 = FLAG_IGN_GTIDS)."""
        if hasattr(self, '_m_flags'):
            return self._m_flags

        self._m_flags = self.count_and_flags >> 28 & 15
        return getattr(self, '_m_flags', None)

    @property
    def is_ign_gtids(self):
        """Sent to a replica to make it record these GTIDs as applied without running anything."""
        if hasattr(self, '_m_is_ign_gtids'):
            return self._m_is_ign_gtids

        self._m_is_ign_gtids = self.flags & 2 != 0
        return getattr(self, '_m_is_ign_gtids', None)

    @property
    def is_until_reached(self):
        """Sent to a replica that reached its START SLAVE UNTIL master_gtid_pos position."""
        if hasattr(self, '_m_is_until_reached'):
            return self._m_is_until_reached

        self._m_is_until_reached = self.flags & 1 != 0
        return getattr(self, '_m_is_until_reached', None)

    @property
    def num_gtids(self):
        """Number of GTIDs."""
        if hasattr(self, '_m_num_gtids'):
            return self._m_num_gtids

        self._m_num_gtids = self.count_and_flags & 268435455
        return getattr(self, '_m_num_gtids', None)


