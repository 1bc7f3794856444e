"""MySQL's binary DECIMAL and its packed temporal form, to their exact text.

Shared by the column values of row images (:mod:`binlog_kaitai.values`) and the opaque
values of binary JSON (:mod:`binlog_kaitai.json_value`), which store them alike.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

_DIG2BYTES = (0, 1, 1, 2, 2, 3, 3, 4, 4, 4)
"""Bytes of a group of 0-9 decimal digits."""
_DIGITS_PER_WORD = 9


def decimal_size(precision: int, scale: int) -> int:
    """Bytes of MySQL's binary DECIMAL(precision, scale)."""
    intg = precision - scale
    return (intg // 9 * 4 + _DIG2BYTES[intg % 9] + scale // 9 * 4 + _DIG2BYTES[scale % 9])


@cache  # built once per (precision, scale): JSON documents decode a decimal per value
def decimal_decoder(precision: int, scale: int) -> Callable[[bytes], str]:
    """A decoder of MySQL's binary DECIMAL(precision, scale) to its exact text.

    The digits are stored in big-endian groups of nine per 4 bytes, with a shorter
    leading (integer side) and trailing (fraction side) group for the remaining digits;
    the top bit of the first byte is flipped, and every bit is inverted for a negative
    number. The text has exactly ``scale`` fraction digits.
    """
    intg = precision - scale
    groups: list[tuple[int, int]] = []  # (byte width, digit count), most significant first
    if intg % _DIGITS_PER_WORD:
        groups.append((_DIG2BYTES[intg % _DIGITS_PER_WORD], intg % _DIGITS_PER_WORD))
    groups += [(4, 9)] * (intg // _DIGITS_PER_WORD)
    int_groups = len(groups)
    groups += [(4, 9)] * (scale // _DIGITS_PER_WORD)
    if scale % _DIGITS_PER_WORD:
        groups.append((_DIG2BYTES[scale % _DIGITS_PER_WORD], scale % _DIGITS_PER_WORD))
    size = sum(width for width, _ in groups)
    if size == 0:
        raise ValueError(f"DECIMAL({precision},{scale}) has no digits")
    # (shift, mask, digit count) of each group in the number read as one big integer.
    fields = []
    shift = size * 8
    for width, digits in groups:
        shift -= width * 8
        fields.append((shift, (1 << (width * 8)) - 1, 10**digits))
    int_fields, frac_fields = fields[:int_groups], fields[int_groups:]
    sign_bit = 1 << (size * 8 - 1)
    all_ones = (1 << (size * 8)) - 1
    text_format = f"%d.%0{scale}d" if scale else "%d%.0s"

    def decode(raw: bytes) -> str:
        if len(raw) != size:
            raise ValueError(f"DECIMAL({precision},{scale}) takes {size} bytes, not {len(raw)}")
        number = int.from_bytes(raw, "big")
        negative = not number & sign_bit
        number ^= sign_bit
        if negative:
            number ^= all_ones
        integer = fraction = 0
        for shift, mask, scale_up in int_fields:
            integer = integer * scale_up + ((number >> shift) & mask)
        for shift, mask, scale_up in frac_fields:
            fraction = fraction * scale_up + ((number >> shift) & mask)
        text = text_format % (integer, fraction)
        return "-" + text if negative and (integer or fraction) else text

    return decode


def fraction_text(micro: int, fsp: int) -> str:
    """The fraction of a second as MySQL prints it with ``fsp`` digits ('' for 0)."""
    return f".{micro // 10 ** (6 - fsp):0{fsp}d}" if fsp else ""


def time_from_packed(packed: int, fsp: int) -> str:
    """TIME text from MySQL's packed form: hour << 36 | minute << 30 | second << 24 | µs,
    negated for negative times."""
    sign = "-" if packed < 0 else ""
    packed = abs(packed)
    hms = packed >> 24
    hour, minute, second = (hms >> 12) % 1024, (hms >> 6) % 64, hms % 64
    return f"{sign}{hour:02d}:{minute:02d}:{second:02d}{fraction_text(packed % (1 << 24), fsp)}"


def datetime_from_packed(packed: int, fsp: int, *, date_only: bool = False) -> str:
    """DATE / DATETIME text from MySQL's packed form: ((year * 13 + month) << 5 | day) << 17
    | hour << 12 | minute << 6 | second, shifted left 24 bits above the microseconds."""
    sign = "-" if packed < 0 else ""
    packed = abs(packed)
    whole = packed >> 24
    ymd, hms = whole >> 17, whole % (1 << 17)
    year, month = divmod(ymd >> 5, 13)
    date = f"{sign}{year:04d}-{month:02d}-{ymd % 32:02d}"
    if date_only:
        return date
    return (f"{date} {hms >> 12:02d}:{(hms >> 6) % 64:02d}:{hms % 64:02d}"
            f"{fraction_text(packed % (1 << 24), fsp)}")
