"""A Kaitai stream over bytes in memory, for the row images: the generated parser reads
every row and column through it, so it is written for speed."""

from __future__ import annotations

import struct

from kaitaistruct import EndOfStreamError, KaitaiStream


class BufferStream(KaitaiStream):
    """A Kaitai stream over bytes in memory, for the row images.

    The stock stream goes through ``BytesIO`` with several checks and calls per read,
    which was half of the decoding time of row images; this one reads the buffer
    directly. It implements the reads ``row_image`` and ``mysql_packed_int`` make (bit-sized
    integers in whole bytes only, as those specs read them). The base class's other
    integer reads go through ``read_bytes`` and stay correct; anything that would use the
    underlying file object fails loudly, as there is none.
    """

    _U2LE, _U4LE, _U8LE = struct.Struct("<H"), struct.Struct("<I"), struct.Struct("<Q")

    def __init__(self, data: bytes) -> None:
        self._buf = data
        self._at = 0
        self._end = len(data)
        super().__init__(None)

    def _eof(self, n: int) -> EndOfStreamError:
        left = self._end - self._at
        return EndOfStreamError(f"requested {n} bytes, but only {left} bytes available", n,
                                left)

    def _take(self, n: int) -> int:
        at = self._at
        if at + n > self._end:
            raise self._eof(n)
        self._at = at + n
        return at

    def pos(self) -> int:
        return self._at

    def size(self) -> int:
        return self._end

    def seek(self, n: int) -> None:
        self._at = n

    def is_eof(self) -> bool:
        return self._at >= self._end

    # The reads of every row and column are written out in full (no helper call).

    def read_bytes(self, n: int) -> bytes:
        at = self._at
        data = self._buf[at:at + n]
        if len(data) != n:
            raise self._eof(n)
        self._at = at + n
        return data

    def read_bytes_full(self) -> bytes:
        at, self._at = self._at, self._end
        return self._buf[at:]

    def read_u1(self) -> int:
        at = self._at
        if at >= self._end:
            raise self._eof(1)
        self._at = at + 1
        return self._buf[at]

    def read_u2le(self) -> int:
        at = self._at
        if at + 2 > self._end:
            raise self._eof(2)
        self._at = at + 2
        return self._U2LE.unpack_from(self._buf, at)[0]

    def read_u4le(self) -> int:
        at = self._at
        if at + 4 > self._end:
            raise self._eof(4)
        self._at = at + 4
        return self._U4LE.unpack_from(self._buf, at)[0]

    def read_u8le(self) -> int:
        return self._U8LE.unpack_from(self._buf, self._take(8))[0]

    def read_bits_int_le(self, n: int) -> int:
        if n % 8:
            raise NotImplementedError("BufferStream reads whole-byte bit fields only")
        at = self._take(n // 8)
        return int.from_bytes(self._buf[at:at + n // 8], "little")
