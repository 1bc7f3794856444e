"""Date-times as ``mysqlbinlog`` users give and read them.

``mysqlbinlog --start-datetime`` reads its argument in the local time zone (``TZ``), and
so does every option here that takes a date-time: a value with ``Z`` or an offset is
taken in that zone instead. Fractions of a second are read; event timestamps are whole
seconds, so ``--start-datetime``/``--stop-datetime`` drop them as ``mysqlbinlog`` does
(``10:38:53.5`` is second 53), and ``plan`` says when a target's fraction cannot be
honoured. The forms
MySQL's own date-time parser accepts most often are accepted: any single punctuation
between the parts, ``T`` or a space before the time, or the digits run together.
Text output prints times in the local zone, as ``mysqlbinlog`` does, and says which;
JSON output stays UTC ISO-8601.
"""

from __future__ import annotations

import argparse
import math
import re
import time
from datetime import UTC, datetime, timedelta, timezone

FORMS = ("YYYY-MM-DD[ HH:MM:SS[.ffffff]]", "YYYY/MM/DD HH:MM:SS", "YYYY-MM-DDTHH:MM:SS",
         "YYYYMMDDHHMMSS[.ffffff]", "any of these + Z or +HH:MM", "@EPOCH_SECONDS")
"""The accepted forms, as the error for any other lists them."""

_SEP = r"[-/.:_]"
_PUNCTUATED = re.compile(
    rf"(\d{{4}}){_SEP}(\d{{1,2}}){_SEP}(\d{{1,2}})"
    rf"(?:[ T](\d{{1,2}}){_SEP}(\d{{1,2}})(?:{_SEP}(\d{{1,2}})(\.\d{{1,6}})?)?)?")
_RUN_TOGETHER = re.compile(r"(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})(\.\d{1,6})?)?")
_ZONE = re.compile(r"\s*(Z|[+-]\d{2}:?\d{2})$", re.IGNORECASE)


class DateTimeError(ValueError):
    """Text that is none of :data:`FORMS`."""

    def __init__(self, text: str) -> None:
        super().__init__(f"not a date/time: {text!r} (accepted: {'; '.join(FORMS)}; "
                         "local time unless a zone is given)")


def parse_datetime(text: str) -> float:
    """Seconds since the epoch of ``text`` (see the module docstring); DateTimeError."""
    text = text.strip()
    if text.startswith("@"):
        try:
            return float(text[1:])
        except ValueError:
            raise DateTimeError(text) from None
    zone = _ZONE.search(text)
    body = text[:zone.start()] if zone else text
    match = _PUNCTUATED.fullmatch(body) or _RUN_TOGETHER.fullmatch(body)
    if match is None:
        raise DateTimeError(text)
    year, month, day, hour, minute, second, fraction = match.groups()
    try:
        dt = datetime(int(year), int(month), int(day), int(hour or 0), int(minute or 0),
                      int(second or 0), round(float(fraction or 0) * 1_000_000))
    except ValueError:
        raise DateTimeError(text) from None
    if zone is not None:
        dt = dt.replace(tzinfo=_zone_of(zone.group(1)))
    return dt.timestamp()  # a naive datetime is local time


def _zone_of(text: str) -> timezone:
    if text.upper() == "Z":
        return UTC
    sign = -1 if text[0] == "-" else 1
    digits = text[1:].replace(":", "")
    return timezone(sign * timedelta(hours=int(digits[:2]), minutes=int(digits[2:])))


def to_epoch(value: datetime | str | float) -> float:
    """A date-time as an API caller may give it: a ``datetime`` (naive: local time), text
    as :func:`parse_datetime` takes it, or seconds since the epoch."""
    if isinstance(value, datetime):
        return value.timestamp()
    if isinstance(value, str):
        return parse_datetime(value)
    return float(value)


def local_text(ts: float) -> str:
    """``YYYY-MM-DD HH:MM:SS`` in the local zone (``mysqlbinlog``'s clock), with the
    fraction of a second a time asked for may have (``.5``; event times have none)."""
    whole = math.floor(ts)
    fraction = f"{ts - whole:.6f}"[1:].rstrip("0").rstrip(".")
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(whole)) + fraction


UTC_TIME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z")
"""A time as JSON output writes it (UTC ISO-8601, ``2026-11-26T10:38:53Z``)."""


def local_times_in(text: str) -> str:
    """``text`` with every UTC ISO-8601 time in it (:data:`UTC_TIME`) in local time
    (:func:`local_text`): a message built for JSON, as text output prints it."""
    return UTC_TIME.sub(lambda m: local_text(datetime.fromisoformat(m.group()).timestamp()),
                        text)


def local_zone_note() -> str:
    """What text output says of its times: ``times are local (CET, UTC+01:00)``."""
    offset = datetime.now().astimezone().strftime("%z")
    return (f"times are local ({time.strftime('%Z')}, "
            f"UTC{offset[:3]}:{offset[3:]}; TZ sets the zone)")


def utc_datetime(text: str) -> datetime:
    """An ``--as-of`` argument: an ISO date and time, taken as UTC (an argparse type)."""
    try:
        value = datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"not a date and time: {text!r} (YYYY-MM-DD HH:MM:SS[.ffffff], UTC)") from None
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
