"""The kernel that writes ``rows``' lines for a batch (:mod:`binlog_kaitai.batch_text`),
in Cython's pure-Python mode: compiled by ``make setup`` like
:mod:`~binlog_kaitai.row_kernel` (see there), and used only compiled (as plain Python,
the per-change output of :mod:`~binlog_kaitai.row_text` is quicker).
"""

from __future__ import annotations

import cython
import numpy as np

COMPILED: bool = cython.compiled
"""Whether this is the C extension (False: this file, run as plain Python)."""
CONST, RAW, TEXT, EVENT, BYTES, INT, DATE_TIME, DECIMAL = 0, 1, 2, 3, 4, 5, 6, 7
"""What a part of a line is: literal text; a per-row fragment copied as it is; a per-row
text fragment, quoted and escaped; a per-event text; a per-row fragment of bytes, quoted
and escaped by the second half of the escapes; per-row numbers the kernel writes itself:
an integer in decimal digits, a date and time, a decimal number (see :func:`assemble`)."""
DATETIME_ZERO, DATE_ONLY = 8, 16
"""A DATE_TIME part's flags, beside its digits of fraction: 0 is MySQL's zero TIMESTAMP
(written as zeros); the date alone."""
DECIMAL_QUOTED = 64
"""A DECIMAL part's flag, beside its scale: the number between quotes."""
_DATETIME_ZERO = cython.declare(cython.longlong, DATETIME_ZERO)
_DATE_ONLY = cython.declare(cython.longlong, DATE_ONLY)
_DECIMAL_QUOTED = cython.declare(cython.longlong, DECIMAL_QUOTED)
"""The flags as C values."""
CONST_KIND = cython.declare(cython.longlong, CONST)
EVENT_KIND = cython.declare(cython.longlong, EVENT)
TEXT_KIND = cython.declare(cython.longlong, TEXT)
BYTES_KIND = cython.declare(cython.longlong, BYTES)
INT_KIND = cython.declare(cython.longlong, INT)
DATE_TIME_KIND = cython.declare(cython.longlong, DATE_TIME)
DECIMAL_KIND = cython.declare(cython.longlong, DECIMAL)
_DAY_US = cython.declare(cython.longlong, 86_400_000_000)
_HOUR_US = cython.declare(cython.longlong, 3_600_000_000)
_BILLION = cython.declare(cython.ulonglong, 1_000_000_000)
_LOW32 = cython.declare(cython.ulonglong, 0xFFFF_FFFF)
"""The kinds as C values, for the loops that run without the interpreter's lock."""
_BYTES_BASE = cython.declare(cython.longlong, 256)
_MASK64 = cython.declare(cython.ulonglong, 0xFFFF_FFFF_FFFF_FFFF)
"""Where the escapes of BYTES fragments start in the table of escapes (a C value)."""


def assemble(src: cython.const[cython.uchar][::1], kinds: cython.const[cython.longlong][::1],
             where: cython.const[cython.longlong][::1],
             const_len: cython.const[cython.longlong][::1],
             row_offsets: cython.const[cython.longlong][:, ::1],
             row_valid: cython.const[cython.uchar][:, ::1],
             event_offsets: cython.const[cython.longlong][:, ::1],
             event_of_row: cython.const[cython.longlong][::1], quote: cython.uchar,
             null_len: cython.longlong, escapes: cython.const[cython.uchar][:, ::1],
             escape_len: cython.const[cython.longlong][::1],
             row_ints: cython.const[cython.longlong][:, ::1],
             int_valid: cython.const[cython.uchar][:, ::1]) -> tuple[np.ndarray, np.ndarray]:
    """The lines of every row, end to end (for each row, each part ``p``), and where each
    line ends.

    ``src`` holds every byte a part takes: ``src[0:null_len]`` is the text of NULL. Part
    ``p`` is, by ``kinds[p]``: CONST, ``src[where[p]:where[p] + const_len[p]]``; RAW,
    TEXT or BYTES, the fragment of the row at ``src[row_offsets[where[p],
    row]:row_offsets[where[p], row + 1]]``, or NULL when ``row_valid[where[p], row]`` is
    False; TEXT (BYTES) fragments between ``quote`` bytes, each byte ``c`` as ``escapes[c,
    :escape_len[c]]`` (``256 + c``); EVENT, as RAW from ``event_offsets[where[p]]`` for
    the row's event, ``event_of_row[row]``; INT, ``row_ints[where[p], row]`` in decimal
    digits, or NULL when ``int_valid[where[p], row]`` is False; DATE_TIME, that number of
    microseconds since 1970 as ``YYYY-MM-DD hh:mm:ss`` and ``const_len[p] & 7`` digits of
    fraction, between ``quote`` bytes (with :data:`DATE_ONLY`, the date alone; with
    :data:`DATETIME_ZERO`, 0 as zeros); DECIMAL, the 128-bit two's complement integer of
    words ``row_ints[where[p], row]`` (low) and ``row_ints[where[p] + 1, row]`` (high),
    the last ``const_len[p] & 63`` of its digits after a point (between quotes with
    :data:`DECIMAL_QUOTED`). The lines go to a buffer
    of a size no line can exceed, written once: the pages past the end are never
    touched.
    """
    rows: cython.Py_ssize_t = event_of_row.shape[0]
    escaped_array = np.zeros(kinds.shape[0], np.uint8)
    escaped: cython.uchar[::1] = escaped_array
    capacity: cython.longlong
    with cython.nogil:
        _escaped_parts(src, kinds, where, row_offsets, escape_len, rows, escaped)
        capacity = _capacity(kinds, where, const_len, row_offsets, event_offsets, escaped,
                             rows)
    ends_array = np.zeros(rows + 1, np.int64)
    ends: cython.longlong[::1] = ends_array
    result = np.empty(capacity, np.uint8)
    out: cython.uchar[::1] = result
    pos: cython.longlong
    with cython.nogil:
        pos = _lines(out, ends, src, kinds, where, const_len, row_offsets, row_valid,
                     event_offsets, event_of_row, quote, null_len, escapes, escape_len,
                     escaped, row_ints, int_valid)
    return result[:pos], ends_array


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _lines(out: cython.uchar[::1], ends: cython.longlong[::1],
           src: cython.const[cython.uchar][::1], kinds: cython.const[cython.longlong][::1],
           where: cython.const[cython.longlong][::1],
           const_len: cython.const[cython.longlong][::1],
           row_offsets: cython.const[cython.longlong][:, ::1],
           row_valid: cython.const[cython.uchar][:, ::1],
           event_offsets: cython.const[cython.longlong][:, ::1],
           event_of_row: cython.const[cython.longlong][::1], quote: cython.uchar,
           null_len: cython.longlong, escapes: cython.const[cython.uchar][:, ::1],
           escape_len: cython.const[cython.longlong][::1],
           escaped: cython.const[cython.uchar][::1],
           row_ints: cython.const[cython.longlong][:, ::1],
           int_valid: cython.const[cython.uchar][:, ::1]) -> cython.longlong:
    """:func:`assemble`'s loop, without the interpreter's lock: the end of the lines."""
    cython.declare(r=cython.Py_ssize_t, p=cython.Py_ssize_t, kind=cython.longlong,
                   at=cython.longlong, start=cython.longlong, end=cython.longlong)
    # The kinds as C values (the module's names are Python objects, looked up each time).
    k_const: cython.longlong = CONST_KIND
    k_event: cython.longlong = EVENT_KIND
    k_text: cython.longlong = TEXT_KIND
    k_bytes: cython.longlong = BYTES_KIND
    k_int: cython.longlong = INT_KIND
    k_datetime: cython.longlong = DATE_TIME_KIND
    pos: cython.longlong = 0
    for r in range(event_of_row.shape[0]):
        for p in range(kinds.shape[0]):
            kind, at = kinds[p], where[p]
            if kind >= k_int:
                if not int_valid[at, r]:
                    _copy(out, pos, src, 0, null_len)
                    pos += null_len
                elif kind == k_int:
                    pos = _digits(out, pos, row_ints[at, r])
                elif kind == k_datetime:
                    pos = _datetime(out, pos, row_ints[at, r], const_len[p], quote)
                else:
                    pos = _decimal(out, pos, row_ints[at, r], row_ints[at + 1, r],
                                   const_len[p], quote)
                continue
            start, end = 0, null_len
            if kind == k_const:
                start, end = at, at + const_len[p]
            elif kind == k_event:
                start, end = (event_offsets[at, event_of_row[r]],
                              event_offsets[at, event_of_row[r] + 1])
            elif row_valid[at, r]:
                start, end = row_offsets[at, r], row_offsets[at, r + 1]
            if (kind != k_text and kind != k_bytes) or start == 0:
                _copy(out, pos, src, start, end - start)
                pos += end - start
            elif escaped[p]:
                pos = _escape(out, pos, src, start, end - start, quote, escapes, escape_len,
                              _BYTES_BASE if kind == k_bytes else 0)
            else:
                out[pos] = quote
                out[pos + end - start + 1] = quote
                _copy(out, pos + 1, src, start, end - start)
                pos += end - start + 2
        ends[r + 1] = pos
    return pos


@cython.cfunc
@cython.nogil
@cython.inline
@cython.exceptval(check=False)
def _copy(dst: cython.uchar[::1], dst_at: cython.longlong,
          src: cython.const[cython.uchar][::1], src_at: cython.longlong,
          n: cython.longlong) -> cython.void:
    """``dst[dst_at:dst_at + n] = src[src_at:src_at + n]``, as a C loop (which the C
    compiler makes a memcpy; a slice assignment of memoryviews is a call per value)."""
    i: cython.longlong
    for i in range(n):
        dst[dst_at + i] = src[src_at + i]


@cython.cfunc
@cython.nogil
@cython.inline
@cython.exceptval(check=False)
def _digits(out: cython.uchar[::1], pos: cython.longlong,
            value: cython.longlong) -> cython.longlong:
    """Write ``value`` in decimal digits (a minus sign first when negative) at
    ``out[pos]``; the end."""
    cython.declare(left=cython.ulonglong, rest=cython.ulonglong, count=cython.longlong)
    if value < 0:
        out[pos] = 45  # "-"
        pos += 1
        left = cython.cast(cython.ulonglong, -(value + 1)) + 1  # (-2^63 has no +2^63)
    else:
        left = value
    count, rest = 1, left
    while rest >= 10:
        rest //= 10
        count += 1
    return _padded(out, pos, left, count)


@cython.cfunc
@cython.nogil
@cython.inline
@cython.exceptval(check=False)
def _padded(out: cython.uchar[::1], pos: cython.longlong, value: cython.ulonglong,
            width: cython.longlong) -> cython.longlong:
    """Write the last ``width`` decimal digits of ``value`` at ``out[pos]``, zeros before
    it; the end."""
    i: cython.longlong
    for i in range(width - 1, -1, -1):
        out[pos + i] = 48 + value % 10  # "0"...
        value //= 10
    return pos + width


@cython.cfunc
@cython.nogil
@cython.inline
@cython.exceptval(check=False)
def _power10(n: cython.longlong) -> cython.longlong:
    """10 to the ``n``."""
    result: cython.longlong = 1
    _i: cython.longlong
    for _i in range(n):
        result *= 10
    return result


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _datetime(out: cython.uchar[::1], pos: cython.longlong, us: cython.longlong,
              param: cython.longlong, quote: cython.uchar) -> cython.longlong:
    """Write ``us`` microseconds since 1970 (years 1-9999) as a DATE_TIME part says
    (``param``, see :func:`assemble`) at ``out[pos]``; the end."""
    cython.declare(days=cython.longlong, rest=cython.longlong, z=cython.longlong,
                   era=cython.longlong, doe=cython.longlong, yoe=cython.longlong,
                   doy=cython.longlong, mp=cython.longlong, year=cython.longlong,
                   month=cython.longlong, day=cython.longlong, fsp=cython.longlong,
                   zero=cython.bint)
    fsp = param & 7
    zero = (param & _DATETIME_ZERO) != 0 and us == 0
    days = us // _DAY_US  # (C's division truncates: a time before 1970 is a day back)
    rest = us - days * _DAY_US
    if rest < 0:
        rest += _DAY_US
        days -= 1
    # Howard Hinnant's civil_from_days: years counted from March, in 400-year eras.
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    day = doy - (153 * mp + 2) // 5 + 1
    month = mp + 3 if mp < 10 else mp - 9
    year = yoe + era * 400 + (1 if month <= 2 else 0)
    if zero:
        year = month = day = rest = 0
    out[pos] = quote
    pos = _padded(out, pos + 1, year, 4)
    out[pos] = 45  # "-"
    pos = _padded(out, pos + 1, month, 2)
    out[pos] = 45
    pos = _padded(out, pos + 1, day, 2)
    if (param & _DATE_ONLY) == 0:
        out[pos] = 32  # " "
        pos = _padded(out, pos + 1, rest // _HOUR_US, 2)
        out[pos] = 58  # ":"
        pos = _padded(out, pos + 1, rest // 60_000_000 % 60, 2)
        out[pos] = 58
        pos = _padded(out, pos + 1, rest // 1_000_000 % 60, 2)
        if fsp:
            out[pos] = 46  # "."
            pos = _padded(out, pos + 1, rest % 1_000_000 // _power10(6 - fsp), fsp)
    out[pos] = quote
    return pos + 1


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _decimal(out: cython.uchar[::1], pos: cython.longlong, low: cython.longlong,
             high: cython.longlong, param: cython.longlong,
             quote: cython.uchar) -> cython.longlong:
    """Write a DECIMAL part's number (its words ``low`` and ``high``; ``param``, see
    :func:`assemble`) at ``out[pos]``; the end. The digits go out last first, then are
    turned around: 9 at a time from the 128-bit number down to 64 bits, then one at a
    time."""
    cython.declare(lo=cython.ulonglong, hi=cython.ulonglong, rem=cython.ulonglong,
                   scale=cython.longlong, count=cython.longlong, start=cython.longlong,
                   _k=cython.longlong, i=cython.longlong, c=cython.uchar)
    quoted: cython.bint = (param & _DECIMAL_QUOTED) != 0
    scale = param & 63
    lo, hi = cython.cast(cython.ulonglong, low), cython.cast(cython.ulonglong, high)
    if quoted:
        out[pos] = quote
        pos += 1
    if high < 0:  # two's complement: the magnitude, after a sign
        out[pos] = 45
        pos += 1
        lo = (~lo + 1) & _MASK64
        hi = (~hi + (1 if lo == 0 else 0)) & _MASK64
    start, count = pos, 0
    while hi != 0:
        hi, lo, rem = _divided(hi, lo)
        for _k in range(9):
            pos, count = _put(out, pos, count, scale, rem % 10)
            rem //= 10
    while True:
        pos, count = _put(out, pos, count, scale, lo % 10)
        lo //= 10
        if lo == 0 and count > scale:
            break
    for i in range((pos - start) // 2):  # the digits the right way round
        c = out[start + i]
        out[start + i] = out[pos - 1 - i]
        out[pos - 1 - i] = c
    if quoted:
        out[pos] = quote
        pos += 1
    return pos


@cython.cfunc
@cython.nogil
@cython.inline
@cython.exceptval(check=False)
def _put(out: cython.uchar[::1], pos: cython.longlong, count: cython.longlong,
         scale: cython.longlong, digit: cython.ulonglong
         ) -> tuple[cython.longlong, cython.longlong]:
    """One more digit of :func:`_decimal`'s, last first (the point before the one that
    follows the ``scale`` digits of fraction); the end, and the digits written."""
    if count == scale and scale > 0:
        out[pos] = 46  # "."
        pos += 1
    out[pos] = 48 + digit
    return pos + 1, count + 1


@cython.cfunc
@cython.nogil
@cython.inline
@cython.exceptval(check=False)
def _divided(hi: cython.ulonglong, lo: cython.ulonglong
             ) -> tuple[cython.ulonglong, cython.ulonglong, cython.ulonglong]:
    """The 128-bit (hi, lo) divided by 10^9, in 32-bit limbs: (quotient's hi, lo,
    remainder)."""
    cython.declare(r=cython.ulonglong, q3=cython.ulonglong, q2=cython.ulonglong,
                   q1=cython.ulonglong, q0=cython.ulonglong, cur=cython.ulonglong)
    cur = hi >> 32
    q3, r = cur // _BILLION, cur % _BILLION
    cur = (r << 32) | (hi & _LOW32)
    q2, r = cur // _BILLION, cur % _BILLION
    cur = (r << 32) | (lo >> 32)
    q1, r = cur // _BILLION, cur % _BILLION
    cur = (r << 32) | (lo & _LOW32)
    q0, r = cur // _BILLION, cur % _BILLION
    return (q3 << 32) | q2, (q1 << 32) | q0, r


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _capacity(kinds: cython.const[cython.longlong][::1],
              where: cython.const[cython.longlong][::1],
              const_len: cython.const[cython.longlong][::1],
              row_offsets: cython.const[cython.longlong][:, ::1],
              event_offsets: cython.const[cython.longlong][:, ::1],
              escaped: cython.const[cython.uchar][::1],
              rows: cython.Py_ssize_t) -> cython.longlong:
    """Bytes the lines cannot exceed: per part, its fragments' bytes (six times for text
    to escape), with quotes or null for every row."""
    cython.declare(longest=cython.longlong, at=cython.longlong, p=cython.Py_ssize_t,
                   e=cython.Py_ssize_t)
    total: cython.longlong = 0
    for p in range(kinds.shape[0]):
        at = where[p]
        if kinds[p] == CONST_KIND:
            total += const_len[p] * rows
        elif kinds[p] == EVENT_KIND:
            longest = 0
            for e in range(event_offsets.shape[1] - 1):
                longest = max(longest, event_offsets[at, e + 1] - event_offsets[at, e])
            total += longest * rows
        elif kinds[p] == INT_KIND:
            total += 20 * rows  # (-9223372036854775808)
        elif kinds[p] == DATE_TIME_KIND or kinds[p] == DECIMAL_KIND:
            total += 48 * rows  # (quotes, a sign, 39 digits and a point at most)
        else:
            total += ((6 if escaped[p] else 1) * (row_offsets[at, rows] - row_offsets[at, 0])
                      + 6 * rows)
    return total


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _escape(out: cython.uchar[::1], pos: cython.longlong,
            src: cython.const[cython.uchar][::1], start: cython.longlong,
            size: cython.longlong, quote: cython.uchar,
            escapes: cython.const[cython.uchar][:, ::1],
            escape_len: cython.const[cython.longlong][::1],
            base: cython.longlong) -> cython.longlong:
    """Write ``src[start:start + size]`` quoted and escaped (byte ``c`` by the escape
    ``base + c``) at ``out[pos]``; the end."""
    cython.declare(b=cython.longlong, k=cython.longlong, c=cython.longlong)
    out[pos] = quote
    pos += 1
    for b in range(start, start + size):
        c = base + src[b]
        for k in range(escape_len[c]):
            out[pos + k] = escapes[c, k]
        pos += escape_len[c]
    out[pos] = quote
    return pos + 1


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _escaped_parts(src: cython.const[cython.uchar][::1],
                   kinds: cython.const[cython.longlong][::1],
                   where: cython.const[cython.longlong][::1],
                   row_offsets: cython.const[cython.longlong][:, ::1],
                   escape_len: cython.const[cython.longlong][::1],
                   rows: cython.Py_ssize_t, escaped: cython.uchar[::1]) -> cython.void:
    """Set ``escaped[p]`` for each TEXT or BYTES part that has a byte to escape (most
    columns have none)."""
    cython.declare(p=cython.Py_ssize_t, b=cython.longlong, base=cython.longlong)
    for p in range(kinds.shape[0]):
        if kinds[p] == TEXT_KIND or kinds[p] == BYTES_KIND:
            base = _BYTES_BASE if kinds[p] == BYTES_KIND else 0
            for b in range(row_offsets[where[p], 0], row_offsets[where[p], rows]):
                if escape_len[base + src[b]] != 1:
                    escaped[p] = True
                    break
