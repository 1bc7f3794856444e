"""GTID sets read from their text, as ``summary`` prints a file's GTID state.

MySQL's PREVIOUS_GTIDS is a set: ``uuid:1-7:9,uuid2:1-4`` (tags as ``uuid:tag:1-3``);
MariaDB's GTID_LIST is a binlog state: the last ``domain-server-seq`` of each domain and
server id. Both are parsed here so the chain check can compare them and take the
difference two consecutive files' states make.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

UUID = re.compile(r"^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?"
                  r"[0-9a-fA-F]{12}$")
INTERVAL = re.compile(r"^(\d+)(?:-(\d+))?$")
TAG = re.compile(r"^[a-zA-Z_][a-zA-Z0-9_]{0,31}$")
MARIADB_GTID = re.compile(r"^(\d+)-(\d+)-(\d+)$")

Interval = tuple[int, int]
"""First and last number, both included."""
Key = tuple[str, str]
"""A source UUID (lower case, with dashes) and a tag ("" for none)."""


class GtidTextError(ValueError):
    """A GTID set text that is not one."""


@dataclass
class GtidSet:
    """A MySQL GTID set: for each UUID and tag, sorted disjoint intervals."""

    intervals: dict[Key, list[Interval]] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str) -> GtidSet:
        result = cls()
        for part in text.replace("\n", "").split(","):
            part = part.strip()
            if part:
                result._add_uuid_part(part)
        return result

    def _add_uuid_part(self, part: str) -> None:
        uuid, *items = part.split(":")
        if not UUID.match(uuid.strip()):
            raise GtidTextError(f"not a UUID: {uuid!r}")
        h = uuid.strip().replace("-", "").lower()
        uuid = f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"
        tag = ""
        for item in items:
            item = item.strip()
            m = INTERVAL.match(item)
            if m:
                start = int(m.group(1))
                end = int(m.group(2)) if m.group(2) else start
                if start < 1 or end < start:
                    raise GtidTextError(f"bad interval {item!r}")
                self._add((uuid, tag), (start, end))
            elif TAG.match(item):
                tag = item.lower()
            else:
                raise GtidTextError(f"neither an interval nor a tag: {item!r}")

    def _add(self, key: Key, new: Interval) -> None:
        merged: list[Interval] = []
        for start, end in sorted([*self.intervals.get(key, []), new]):
            if merged and start <= merged[-1][1] + 1:
                merged[-1] = (merged[-1][0], max(merged[-1][1], end))
            else:
                merged.append((start, end))
        self.intervals[key] = merged

    def contains(self, other: GtidSet) -> bool:
        return not other.minus(self).intervals

    def minus(self, other: GtidSet) -> GtidSet:
        result = GtidSet()
        for key, mine in self.intervals.items():
            left = _subtract(mine, other.intervals.get(key, []))
            if left:
                result.intervals[key] = left
        return result

    def text(self) -> str:
        """As MySQL prints a set: UUIDs in order, each with its untagged intervals, then
        its tags, e.g. ``uuid:1-5:7,uuid2:1-4:tag:1-2``."""
        groups: dict[str, list[str]] = {}
        for (uuid, tag), intervals in sorted(self.intervals.items()):
            segment = groups.setdefault(uuid, [uuid])
            if tag:
                segment.append(tag)
            segment.extend(str(s) if s == e else f"{s}-{e}" for s, e in intervals)
        return ",".join(":".join(g) for g in groups.values())


def _subtract(mine: list[Interval], theirs: list[Interval]) -> list[Interval]:
    """The numbers of ``mine`` not in ``theirs`` (both sorted and disjoint)."""
    left: list[Interval] = []
    for start, end in mine:
        for t_start, t_end in theirs:
            if t_end < start or t_start > end:
                continue
            if t_start > start:
                left.append((start, t_start - 1))
            start = t_end + 1
            if start > end:
                break
        if start <= end:
            left.append((start, end))
    return left


MariadbState = dict[tuple[int, int], int]
"""A MariaDB binlog state: the last seq_no of each (domain, server id)."""


def parse_mariadb_state(text: str) -> MariadbState:
    """``0-1-5,1-2-9`` (a GTID_LIST as ``summary`` prints it) as a state."""
    state: MariadbState = {}
    for part in text.replace("\n", "").split(","):
        part = part.strip()
        if not part:
            continue
        m = MARIADB_GTID.match(part)
        if not m:
            raise GtidTextError(f"not a MariaDB GTID: {part!r}")
        domain, server, seq = (int(g) for g in m.groups())
        state[domain, server] = max(seq, state.get((domain, server), 0))
    return state


def mariadb_state_contains(after: MariadbState, before: MariadbState) -> bool:
    """Does ``after`` hold every GTID of ``before`` (each domain and server at least as
    far)?"""
    return all(after.get(key, -1) >= seq for key, seq in before.items())


@dataclass
class DomainRange:
    """The GTIDs one file wrote in one MariaDB domain: its first (None when it cannot be
    told) and its last."""

    first: str | None
    last: str

    def text(self) -> str:
        return self.last if self.first == self.last else f"{self.first or ''}..{self.last}"


def mariadb_added(before: MariadbState, after: MariadbState) -> dict[int, DomainRange]:
    """Per domain, the first and last GTID written between two binlog states.

    The last is the changed entry with the highest seq_no. The first has the seq_no after
    the domain's highest in ``before`` (MariaDB numbers a domain's GTIDs one after
    another): its server id is that of the entry holding that seq_no, or the only server
    that wrote in the domain; else it cannot be told."""
    result: dict[int, DomainRange] = {}
    for domain in sorted({d for d, _ in after}):
        changed = {(s, seq) for (d, s), seq in after.items()
                   if d == domain and before.get((d, s)) != seq}
        if not changed:
            continue
        server, seq = max(changed, key=lambda c: c[1])
        first_seq = 1 + max((q for (d, _), q in before.items() if d == domain), default=0)
        holders = [s for s, q in changed if q == first_seq]
        servers = {s for s, _ in changed}
        first_server = holders[0] if holders else (
            next(iter(servers)) if len(servers) == 1 else None)
        first = None if first_server is None else f"{domain}-{first_server}-{first_seq}"
        result[domain] = DomainRange(first, f"{domain}-{server}-{seq}")
    return result
