"""The kernels of the columnar row decoder (:mod:`binlog_kaitai.columnar`): loops over
every value of a batch of rows, in Cython's pure-Python mode.

``make setup`` compiles this module to a C extension (``setup.py``: Cython, then the C
compiler), which Python imports instead of this file: machine code that loads in a
millisecond, where numba's import and cache took 0.4 s in every process (and every Spark
worker). The same source still runs as plain Python where the extension was not built
(a ``--py-files`` zip on a cluster, see :mod:`binlog_kaitai.kernels`), with the same
results: the type annotations only tell Cython what C types to use, and every value
fits them (``tests/test_columnar.py`` runs both on every real binlog).

The kernels know nothing of column types: :func:`walk` is given, per present column of
each kind of image, the size of a fixed-size value or the size of a length prefix (both
from the spec, see ``columnar.column_sizes``), and finds where every value is; the others
read fixed-width integers and gather byte slices for the vectorised conversions. Bounds
are not checked by the compiled code (``setup.py``'s directives): every read is guarded
by the explicit checks against each event's end below, which the fuzzer exercises on the
compiled module.
"""

from __future__ import annotations

import cython
import numpy as np

COMPILED: bool = cython.compiled
"""Whether this is the C extension (False: this file, run as plain Python)."""
TRUNCATED = -1
""":func:`walk` status: a null bitmap, length prefix or value runs past its event's data."""
BAD_OPTIONS = -2
""":func:`walk` status: a partial update's value_options is not a packed integer."""
U64 = 0xFFFF_FFFF_FFFF_FFFF
"""64-bit wrap-around, which C does by itself and Python's integers do not."""
_TRUNCATED = cython.declare(cython.longlong, TRUNCATED)
_BAD_OPTIONS = cython.declare(cython.longlong, BAD_OPTIONS)
"""The statuses as C values, for the loops that run without the interpreter's lock."""
_MASK64 = cython.declare(cython.ulonglong, U64)
_MASK32 = cython.declare(cython.ulonglong, 0xFFFF_FFFF)
NOT_A_TIME = -(1 << 62)
""":func:`temporal2`'s mark, inside its loops, of a value that is no date and time."""
_NOT_A_TIME = cython.declare(cython.longlong, NOT_A_TIME)
_DATETIME2_ZERO = cython.declare(cython.longlong, 1 << 39)
"""What DATETIME2's whole part adds to its packed number (a C value)."""


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _packed_int(data: cython.const[cython.uchar][::1], pos: cython.longlong,
                end: cython.longlong) -> tuple[cython.longlong, cython.longlong]:
    """(value, bytes) of the MySQL packed integer at ``pos``; bytes 0 when it is damaged."""
    if pos >= end:
        return 0, 0
    first: cython.longlong = data[pos]
    if first < 251:
        return first, 1
    size: cython.longlong = 3 if first == 252 else 4 if first == 253 else 9 if (
        first == 254) else 0
    if size == 0 or pos + size > end:
        return 0, 0
    value: cython.longlong = 0
    b: cython.longlong
    for b in range(1, min(size, 8)):
        value |= cython.cast(cython.longlong, data[pos + b]) << (8 * (b - 1))
    return value, size


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _value_options(data: cython.const[cython.uchar][::1], pos: cython.longlong,
                   end: cython.longlong, json_bytes: cython.longlong
                   ) -> tuple[cython.longlong, cython.longlong]:
    """(offset of the partial-JSON bitmap or -1, position after it; -1 when damaged) of
    the value_options that start a PARTIAL_UPDATE_ROWS_EVENT's after image."""
    options: cython.longlong
    used: cython.longlong
    options, used = _packed_int(data, pos, end)
    if used == 0:
        return pos, -1
    pos += used
    if options & 1:
        return pos, pos + json_bytes
    return -1, pos


def walk(data: cython.const[cython.uchar][::1], chunks: cython.const[cython.longlong][::1],
         fixed: cython.const[cython.longlong][:, ::1],
         prefix: cython.const[cython.longlong][:, ::1],
         counts: cython.const[cython.longlong][::1], partial: cython.bint,
         json_bytes: cython.longlong, offsets: cython.longlong[:, :, ::1],
         lengths: cython.longlong[:, :, ::1], nulls: cython.uchar[:, :, ::1],
         partial_at: cython.longlong[::1], rows_per_chunk: cython.longlong[::1],
         fill: cython.bint) -> tuple[int, int]:
    """Walk every image of every chunk (one rows event's row data each) in one pass.

    ``chunks[c]:chunks[c+1]`` is chunk ``c``. Each row has ``len(counts)`` images (1, or 2
    for updates: before then after) of kind ``k`` (see :func:`_image`). With ``partial``
    (a PARTIAL_UPDATE_ROWS_EVENT), each after image starts with value_options, then
    ``json_bytes`` bytes of partial-JSON bitmap when its bit 0 is set; its offset goes to
    ``partial_at[row]`` (-1 when absent).

    With ``fill``, the values' ``offsets``, ``lengths`` and ``nulls`` are written (see
    :func:`_image`), and ``rows_per_chunk``. Returns (rows, 0), or (status, byte offset)
    for damage (:data:`TRUNCATED`, :data:`BAD_OPTIONS`).
    """
    status: cython.longlong
    at: cython.longlong
    with cython.nogil:  # (the caller's arrays are not Python objects to the loops)
        status, at = _chunks(data, chunks, fixed, prefix, counts, partial, json_bytes,
                             offsets, lengths, nulls, partial_at, rows_per_chunk, fill)
    return status, at


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _chunks(data: cython.const[cython.uchar][::1], chunks: cython.const[cython.longlong][::1],
            fixed: cython.const[cython.longlong][:, ::1],
            prefix: cython.const[cython.longlong][:, ::1],
            counts: cython.const[cython.longlong][::1], partial: cython.bint,
            json_bytes: cython.longlong, offsets: cython.longlong[:, :, ::1],
            lengths: cython.longlong[:, :, ::1], nulls: cython.uchar[:, :, ::1],
            partial_at: cython.longlong[::1], rows_per_chunk: cython.longlong[::1],
            fill: cython.bint) -> tuple[cython.longlong, cython.longlong]:
    """:func:`walk`'s loop, without the interpreter's lock."""
    cython.declare(row=cython.Py_ssize_t, first_row=cython.Py_ssize_t, c=cython.Py_ssize_t,
                   k=cython.Py_ssize_t, pos=cython.longlong, end=cython.longlong,
                   at=cython.longlong)
    row = 0
    for c in range(chunks.shape[0] - 1):
        pos = chunks[c]
        end = chunks[c + 1]
        first_row = row
        while pos < end:
            for k in range(counts.shape[0]):
                if partial and k == 1:
                    at, pos = _value_options(data, pos, end, json_bytes)
                    if pos < 0:
                        return _BAD_OPTIONS, at
                    if fill:
                        partial_at[row] = at
                pos, at = _image(data, pos, end, k, counts[k], fixed, prefix, offsets,
                                 lengths, nulls, row, fill)
                if pos < 0:
                    return pos, at
            row += 1
        if fill:
            rows_per_chunk[c] = row - first_row
    return row, 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _image(data: cython.const[cython.uchar][::1], pos: cython.longlong, end: cython.longlong,
           k: cython.Py_ssize_t, present: cython.longlong,
           fixed: cython.const[cython.longlong][:, ::1],
           prefix: cython.const[cython.longlong][:, ::1], offsets: cython.longlong[:, :, ::1],
           lengths: cython.longlong[:, :, ::1], nulls: cython.uchar[:, :, ::1],
           row: cython.Py_ssize_t, fill: cython.bint
           ) -> tuple[cython.longlong, cython.longlong]:
    """Walk the image of kind ``k`` of ``row`` at ``pos``: its null bitmap, then its
    ``present`` columns, column ``j`` a ``prefix[k, j]``-byte little-endian length then
    that many bytes, or ``fixed[k, j]`` bytes when ``prefix[k, j]`` is 0. With ``fill``,
    ``offsets[k, j, row]``, ``lengths[k, j, row]`` and ``nulls[k, j, row]`` of each of
    the ``present`` columns are written (0, 0 and True for a NULL): the caller's arrays
    need no filling first.
    Returns (position after the image, 0), or (:data:`TRUNCATED`, byte offset)."""
    cython.declare(j=cython.Py_ssize_t, b=cython.Py_ssize_t, bitmap=cython.longlong,
                   size=cython.longlong, length=cython.longlong)
    bitmap = pos
    pos += (present + 7) >> 3
    if pos > end:
        return _TRUNCATED, bitmap
    for j in range(present):
        if (data[bitmap + (j >> 3)] >> (j & 7)) & 1:
            if fill:  # NULL
                offsets[k, j, row] = 0
                lengths[k, j, row] = 0
                nulls[k, j, row] = True
            continue
        size = prefix[k, j]
        if size > 0:
            if pos + size > end:
                return _TRUNCATED, pos
            length = 0
            for b in range(size):
                length |= cython.cast(cython.longlong, data[pos + b]) << (8 * b)
            pos += size
        else:
            length = fixed[k, j]
        if pos + length > end:
            return _TRUNCATED, pos
        if fill:
            offsets[k, j, row] = pos
            lengths[k, j, row] = length
            nulls[k, j, row] = False
        pos += length
    return pos, 0


def read_uint(data: cython.const[cython.uchar][::1],
              offsets: cython.const[cython.longlong][::1],
              nulls: cython.const[cython.uchar][::1], width: cython.int,
              big_endian: cython.bint) -> np.ndarray:
    """The ``width``-byte (1-8) unsigned integer at each offset (0 for a NULL)."""
    n: cython.Py_ssize_t = offsets.shape[0]
    result = np.empty(n, dtype=np.uint64)  # (every value written, NULLs too)
    out: cython.ulonglong[::1] = result
    with cython.nogil:
        _uints(data, offsets, nulls, width, big_endian, out)
    return result


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _uints(data: cython.const[cython.uchar][::1], offsets: cython.const[cython.longlong][::1],
           nulls: cython.const[cython.uchar][::1], width: cython.int, big_endian: cython.bint,
           out: cython.ulonglong[::1]) -> cython.void:
    """:func:`read_uint`'s loop, without the interpreter's lock."""
    cython.declare(i=cython.Py_ssize_t, b=cython.int, at=cython.longlong,
                   value=cython.ulonglong)
    for i in range(offsets.shape[0]):
        if nulls[i]:
            out[i] = 0
            continue
        at = offsets[i]
        if big_endian:
            out[i] = _big_endian(data, at, width)
            continue
        value = 0
        for b in range(width):
            value |= cython.cast(cython.ulonglong, data[at + b]) << (8 * b)
        out[i] = value


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _big_endian(data: cython.const[cython.uchar][::1], at: cython.longlong,
                width: cython.int) -> cython.ulonglong:
    """The ``width``-byte (1-8) big-endian unsigned integer at ``data[at]``."""
    b: cython.int
    value: cython.ulonglong = 0
    for b in range(width):
        value = (value << 8) | data[at + b]
    return value


def read_int(data: cython.const[cython.uchar][::1],
             offsets: cython.const[cython.longlong][::1],
             nulls: cython.const[cython.uchar][::1], width: cython.int) -> np.ndarray:
    """The ``width``-byte (1-8) little-endian two's complement integer at each offset,
    as int64 (0 for a NULL)."""
    result = read_uint(data, offsets, nulls, width, False)
    out: cython.ulonglong[::1] = result
    with cython.nogil:
        _sign_extend(out, width)
    return result.view(np.int64)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _sign_extend(out: cython.ulonglong[::1], width: cython.int) -> cython.void:
    """Each ``width``-byte value of ``out`` with its sign bit copied to the bits above."""
    cython.declare(i=cython.Py_ssize_t, sign=cython.ulonglong, high=cython.ulonglong)
    if width >= 8:
        return
    sign = cython.cast(cython.ulonglong, 1) << (8 * width - 1)
    high = _MASK64 ^ ((sign << 1) - 1)
    for i in range(out.shape[0]):
        if out[i] & sign:
            out[i] |= high


def temporal2(data: cython.const[cython.uchar][::1],
              offsets: cython.const[cython.longlong][::1],
              nulls: cython.const[cython.uchar][::1], whole: cython.int,
              fraction: cython.int, unit: cython.longlong,
              packed: cython.bint) -> tuple[np.ndarray, bool]:
    """TIMESTAMP2 or (``packed``) DATETIME2 values as microseconds since 1970-01-01, and
    whether every one is a time that exists (when one is not, the caller converts the
    column value by value).

    Each value is ``whole`` big-endian bytes, then ``fraction`` big-endian bytes counting
    ``unit`` microseconds. TIMESTAMP2's whole part is seconds since 1970; DATETIME2's is
    a number offset by 2^39 packing, from the top, year * 13 + month, the day (5 bits),
    the hour (5), the minute (6) and the second (6).
    """
    n: cython.Py_ssize_t = offsets.shape[0]
    result = np.empty(n, dtype=np.int64)  # (every value written when ok, NULLs too)
    out: cython.longlong[::1] = result
    ok: cython.bint
    with cython.nogil:
        ok = _temporals(data, offsets, nulls, whole, fraction, unit, packed, out)
    return result, bool(ok)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _temporals(data: cython.const[cython.uchar][::1],
               offsets: cython.const[cython.longlong][::1],
               nulls: cython.const[cython.uchar][::1], whole: cython.int,
               fraction: cython.int, unit: cython.longlong, packed: cython.bint,
               out: cython.longlong[::1]) -> cython.bint:
    """:func:`temporal2`'s loop, without the interpreter's lock: False at the first
    value that is not a time."""
    cython.declare(i=cython.Py_ssize_t, at=cython.longlong, number=cython.longlong,
                   micro=cython.longlong, seconds=cython.longlong)
    for i in range(offsets.shape[0]):
        if nulls[i]:
            out[i] = 0
            continue
        at = offsets[i]
        number = _big_endian(data, at, whole)
        micro = _big_endian(data, at + whole, fraction) * unit
        if micro >= 1000000:
            return False
        seconds = _datetime_seconds(number - _DATETIME2_ZERO) if packed else number
        if seconds == _NOT_A_TIME:
            return False
        out[i] = seconds * 1000000 + micro
    return True


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _datetime_seconds(number: cython.longlong) -> cython.longlong:
    """Seconds since 1970-01-01 of DATETIME2's packed number (less its offset), or
    :data:`NOT_A_TIME` when it is no date and time of years 1-9999."""
    cython.declare(ymd=cython.longlong, hms=cython.longlong, year=cython.longlong,
                   month=cython.longlong, day=cython.longlong, hour=cython.longlong,
                   minute=cython.longlong, second=cython.longlong, days=cython.longlong)
    if number < 0:
        return _NOT_A_TIME
    ymd, hms = number >> 17, number & 0x1FFFF
    year, month, day = (ymd >> 5) // 13, (ymd >> 5) % 13, ymd & 31
    hour, minute, second = hms >> 12, (hms >> 6) & 63, hms & 63
    if (year < 1 or year > 9999 or month < 1 or day < 1 or day > _month_days(year, month)
            or hour > 23 or minute > 59 or second > 59):
        return _NOT_A_TIME
    days = _civil_days(year, month, day)
    return days * 86400 + hour * 3600 + minute * 60 + second


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _month_days(year: cython.longlong, month: cython.longlong) -> cython.longlong:
    """Days in a month (1-12) of the proleptic Gregorian calendar."""
    leap: cython.bint
    if month == 2:
        leap = (year % 4 == 0 and year % 100 != 0) or year % 400 == 0
        return 29 if leap else 28
    return 30 if month in (4, 6, 9, 11) else 31


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _civil_days(year: cython.longlong, month: cython.longlong,
                day: cython.longlong) -> cython.longlong:
    """Days from 1970-01-01 to a date of years 1-9999 (Howard Hinnant's
    ``days_from_civil``: a year counted from March, in 400-year eras)."""
    cython.declare(y=cython.longlong, era=cython.longlong, yoe=cython.longlong,
                   doy=cython.longlong)
    y = year - (1 if month <= 2 else 0)
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (month - 3 if month > 2 else month + 9) + 2) // 5 + day - 1
    return era * 146097 + yoe * 365 + yoe // 4 - yoe // 100 + doy - 719468


def gather(data: cython.const[cython.uchar][::1], offsets: cython.const[cython.longlong][::1],
           lengths: cython.const[cython.longlong][::1], nulls: cython.const[cython.uchar][::1],
           pad_to: cython.longlong) -> tuple[np.ndarray, np.ndarray]:
    """The values' bytes end to end, and Arrow's int32 offsets into them; each value
    padded with zero bytes to ``pad_to`` (BINARY(n) as the server returns it)."""
    cython.declare(i=cython.Py_ssize_t, b=cython.Py_ssize_t, at=cython.longlong,
                   src=cython.longlong)
    n: cython.Py_ssize_t = offsets.shape[0]
    ends_array = np.zeros(n + 1, dtype=np.int32)
    ends: cython.int[::1] = ends_array
    total: cython.longlong = 0
    with cython.nogil:
        for i in range(n):
            if not nulls[i]:
                total += max(lengths[i], pad_to)
            ends[i + 1] = total
    result = np.empty(total, dtype=np.uint8)  # (every byte written, the padding too)
    out: cython.uchar[::1] = result
    if cython.compiled:  # a C loop; a slice assignment is a call per value
        with cython.nogil:
            for i in range(n):
                if not nulls[i]:
                    at, src = ends[i], offsets[i]
                    for b in range(lengths[i]):
                        out[at + b] = data[src + b]
                    for b in range(at + lengths[i], ends[i + 1]):
                        out[b] = 0
    else:  # one slice per value; a byte at a time is slow in Python
        for i in range(n):
            if not nulls[i]:
                at, src = ends[i], offsets[i]
                out[at:at + lengths[i]] = data[src:src + lengths[i]]
                out[at + lengths[i]:ends[i + 1]] = 0
    return ends_array, result


def decimal128(data: cython.const[cython.uchar][::1],
               offsets: cython.const[cython.longlong][::1],
               nulls: cython.const[cython.uchar][::1], size: cython.longlong,
               widths: cython.const[cython.longlong][::1],
               digits: cython.const[cython.longlong][::1]) -> tuple[np.ndarray, bool]:
    """MySQL's binary DECIMAL to Arrow's decimal128 (two little-endian uint64 words per
    value: the unscaled integer in two's complement), and whether every group held no
    more than its digits (a damaged one may hold up to 2^32 - 1 for 9: the caller then
    converts the column value by value, as the reference decoder reads such a value).

    The value is ``size`` big-endian bytes of groups (``widths[g]`` bytes holding
    ``digits[g]`` decimal digits, most significant first) with the top bit flipped and
    every bit inverted for a negative number; the unscaled integer is the groups'
    digits side by side.
    """
    n: cython.Py_ssize_t = offsets.shape[0]
    result = np.empty(2 * n, dtype=np.uint64)  # (every value written when ok, NULLs too)
    out: cython.ulonglong[::1] = result
    ok: cython.bint
    with cython.nogil:
        ok = _decimals(data, offsets, nulls, widths, digits, out)
    return result, bool(ok)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _decimals(data: cython.const[cython.uchar][::1],
              offsets: cython.const[cython.longlong][::1],
              nulls: cython.const[cython.uchar][::1],
              widths: cython.const[cython.longlong][::1],
              digits: cython.const[cython.longlong][::1],
              out: cython.ulonglong[::1]) -> cython.bint:
    """:func:`decimal128`'s loop, without the interpreter's lock: False at the first
    group that holds more than its digits."""
    cython.declare(i=cython.Py_ssize_t, g=cython.Py_ssize_t, b=cython.Py_ssize_t,
                   at=cython.longlong, pos=cython.longlong, power=cython.longlong,
                   negative=cython.bint, flip=cython.ulonglong, byte=cython.ulonglong,
                   lo=cython.ulonglong, hi=cython.ulonglong, group=cython.ulonglong,
                   scale=cython.ulonglong)
    for i in range(offsets.shape[0]):
        if nulls[i]:
            out[2 * i] = 0
            out[2 * i + 1] = 0
            continue
        at = offsets[i]
        negative = (data[at] & 0x80) == 0
        flip = 0xFF if negative else 0
        lo = hi = 0
        pos = at
        for g in range(widths.shape[0]):
            group = 0
            for b in range(widths[g]):
                byte = data[pos + b] ^ flip
                if pos + b == at:
                    byte ^= 0x80
                group = (group << 8) | byte
            pos += widths[g]
            scale = 1
            power = digits[g]
            while power > 0:
                scale *= 10
                power -= 1
            if group >= scale:
                return False
            hi, lo = _times_plus(hi, lo, scale, group)
        if negative:  # two's complement of (hi, lo)
            lo = (~lo + 1) & _MASK64
            hi = (~hi + (1 if lo == 0 else 0)) & _MASK64
        out[2 * i] = lo
        out[2 * i + 1] = hi
    return True


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _times_plus(hi: cython.ulonglong, lo: cython.ulonglong, scale: cython.ulonglong,
                add: cython.ulonglong) -> tuple[cython.ulonglong, cython.ulonglong]:
    """The 128-bit (hi, lo) times ``scale`` plus ``add`` (both at most 10^9), modulo
    2^128, in 32-bit limbs with their carries."""
    cython.declare(l0=cython.ulonglong, l1=cython.ulonglong, h0=cython.ulonglong,
                   h1=cython.ulonglong)
    l0 = (lo & _MASK32) * scale + add
    l1 = (lo >> 32) * scale + (l0 >> 32)
    h0 = (hi & _MASK32) * scale + (l1 >> 32)
    h1 = (hi >> 32) * scale + (h0 >> 32)
    return ((h0 & _MASK32) | ((h1 & _MASK32) << 32), (l0 & _MASK32) | ((l1 & _MASK32) << 32))
