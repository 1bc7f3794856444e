"""The text kernel's own number writing (:mod:`binlog_kaitai.text_kernel`: integers,
dates and times, decimals), on the extremes of each, against Python's text of the same
values. (Every real binlog's output is compared with the reference's by
``test_ordered_rows`` and the oracle tests; these are the values no fixture holds.)"""

from __future__ import annotations

import datetime
from decimal import Context, Decimal
from itertools import pairwise

import numpy as np
import pytest

from binlog_kaitai import text_kernel
from binlog_kaitai.batch_text import JSON, TEXT_STYLE, _Numbers, _Parts

pytestmark = pytest.mark.skipif(not text_kernel.COMPILED, reason="the kernel is not built")

EPOCH = datetime.datetime(1970, 1, 1)


def written(numbers: _Numbers, style: object = JSON) -> list[str]:
    """Each row's text of ``numbers`` as the kernel writes it, NULL as the style's."""
    rows = len(numbers.valid)
    parts = _Parts(rows, style)  # type: ignore[arg-type]
    parts.per_row_numbers(numbers)
    out, ends = parts.render(np.zeros(rows, np.int64))
    text = bytes(out).decode()
    return [text[a:b] for a, b in pairwise(ends)]


def test_integers_at_their_extremes() -> None:
    values = [-(2**63), -(2**63) + 1, -1, 0, 7, 10, 99, 2**63 - 1]
    got = written(_Numbers(text_kernel.INT, [np.array(values, np.int64)],
                           np.ones(len(values), np.bool_)))
    assert got == [str(v) for v in values]


def test_nulls_are_the_styles() -> None:
    numbers = _Numbers(text_kernel.INT, [np.array([5, 6], np.int64)], np.array([True, False]))
    assert written(numbers) == ["5", "null"]
    assert written(numbers, TEXT_STYLE) == ["5", "NULL"]


@pytest.mark.parametrize("scale", [0, 2, 4, 10, 30, 38])
def test_decimals_of_every_size_and_sign(scale: int) -> None:
    """128-bit two's complement words, small and beyond 64 bits, both signs, as the
    reference writes the same Decimal (plain digits, ``scale`` of them after the
    point)."""
    unscaled = [0, 1, -1, 5, -123456789, 10**18, -(10**18) - 7, 2**64, -(2**64) - 1,
                10**38 - 1, -(10**38) + 1, 2**100 + 12345]
    words = np.array([[n & (2**64 - 1), (n >> 64) & (2**64 - 1)] for n in unscaled],
                     np.uint64).view(np.int64)
    numbers = _Numbers(text_kernel.DECIMAL, [words[:, 0], words[:, 1]],
                       np.ones(len(unscaled), np.bool_), scale | text_kernel.DECIMAL_QUOTED)
    wide = Context(prec=80)  # (the default 28 digits would round 38 of them)
    expected = [f'"{format(Decimal(n).scaleb(-scale, wide), "f")}"' for n in unscaled]
    assert written(numbers) == expected
    unquoted = numbers._replace(param=scale)
    assert written(unquoted, TEXT_STYLE) == [e.strip('"') for e in expected]


@pytest.mark.parametrize("fsp", [0, 1, 3, 6])
def test_dates_and_times_from_year_1_to_9999(fsp: int) -> None:
    moments = [datetime.datetime(1, 1, 1), datetime.datetime(1, 1, 1, 0, 0, 0, 1),
               datetime.datetime(999, 12, 31, 23, 59, 59, 999999),
               datetime.datetime(1900, 2, 28, 12, 30, 1, 500000),
               datetime.datetime(1969, 12, 31, 23, 59, 59, 999999), EPOCH,
               datetime.datetime(2000, 2, 29, 1, 2, 3, 456789),
               datetime.datetime(2024, 12, 31, 23, 59, 59, 100000),
               datetime.datetime(9999, 12, 31, 23, 59, 59, 999999)]
    us = np.array([(m - EPOCH) // datetime.timedelta(microseconds=1) for m in moments],
                  np.int64)
    numbers = _Numbers(text_kernel.DATE_TIME, [us], np.ones(len(us), np.bool_), fsp)
    full = [m.isoformat(sep=" ", timespec="microseconds") for m in moments]
    assert written(numbers) == [f'"{t[:19 + (fsp + 1 if fsp else 0)]}"' for t in full]
    dates = numbers._replace(param=text_kernel.DATE_ONLY)
    assert written(dates) == [f'"{m.date().isoformat()}"' for m in moments]


def test_zero_timestamp_is_zeros_only_where_asked() -> None:
    numbers = _Numbers(text_kernel.DATE_TIME, [np.array([0, 1_000_000], np.int64)],
                       np.ones(2, np.bool_), 3 | text_kernel.DATETIME_ZERO)
    assert written(numbers) == ['"0000-00-00 00:00:00.000"', '"1970-01-01 00:00:01.000"']
    assert written(numbers._replace(param=3))[0] == '"1970-01-01 00:00:00.000"'
