"""Parse binlogs with the Python and the JavaScript builds of ksy/ and compare the dumps.

``python -m tools.crosscheck [FILE...]`` (``make crosscheck FILES='a.bin b.bin'``): the
Python dump (binlog_kaitai/dump.py) runs in this process, the Node one (tools/dump.js) in
a single Node process for all files. Every file whose two dumps differ is reported with
its first differing line; the last line printed is ``crosscheck: N/M files identical``
and the exit status is 0 only when all are. Without FILE, every real binlog of
../shared/corpus and tests/fixtures/mariadb, the changed real binlogs of
tests/fixtures/damaged and tests/fixtures/fuzz, and the captured replication streams of
tests/fixtures/streams are checked.

A ``.stream`` file is a captured replication stream (tools/capture_stream.py): the bytes
a server sent after the dump command, packet after packet (a 3-byte payload length, a
sequence number, the payload; a payload of 2^24-1 bytes continues in the next packet).
Its dump is a line ``{"file": FILE}``, then per payload ``{"packet": N, "tree": ...}``,
the payload parsed as ``ksy/binlog_stream_packet.ksy``'s type (no semi-sync header), and
``{"truncated": BYTES}`` when the file ends inside a packet.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from kaitaistruct import KaitaiStream

from binlog_kaitai.dump import PARSE_ERROR, dump_lines, dumps
from binlog_kaitai.event import DECODE_ERRORS
from binlog_kaitai.generated.binlog_stream_packet import BinlogStreamPacket

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus"
FIXTURES = REPO / "tests" / "fixtures" / "mariadb"
DAMAGED = (REPO / "tests" / "fixtures" / "damaged", REPO / "tests" / "fixtures" / "fuzz",
           REPO / "tests" / "fixtures" / "old_versions")
"""Real binlogs with changes: made by hand, and found by the fuzzer; and binlogs of
servers no one runs any more, written byte for byte (tools/make_old_fixtures.py)."""
DUMP_JS = REPO / "tools" / "dump.js"
STREAMS = REPO / "tests" / "fixtures" / "streams"
STREAM_SUFFIX = ".stream"
FIXTURE_INPUTS = {".md", ".sql", ".tsv", ".json"}
"""Files of a fixture scenario that are not binlogs (see tests/fixtures/mariadb/README.md)."""


@dataclass(frozen=True)
class Result:
    """The two dumps of one file."""

    file: str
    python: list[str]
    node: list[str]

    @property
    def identical(self) -> bool:
        return self.python == self.node

    def first_difference(self) -> int:
        """Index of the first line that differs (or that only one dump has)."""
        for i, (a, b) in enumerate(zip(self.python, self.node, strict=False)):
            if a != b:
                return i
        return min(len(self.python), len(self.node))


def default_files() -> list[Path]:
    """Every real binlog: all of ../shared/corpus, the MariaDB fixtures, and the real
    binlogs with changes (tests/fixtures/damaged: made by hand, e.g. an XID above 2^53;
    tests/fixtures/fuzz: damage the fuzzer found)."""
    corpus = [p for p in CORPUS.rglob("*") if p.is_file() and p.name != "README.md"]
    fixtures = [p for p in FIXTURES.glob("*/*")
                if p.is_file() and p.suffix not in FIXTURE_INPUTS]
    damaged = [p for folder in DAMAGED for p in folder.glob("*")
               if p.is_file() and p.suffix not in FIXTURE_INPUTS]
    return sorted(corpus) + sorted(fixtures) + sorted(damaged)


def default_inputs() -> list[Path]:
    """What a run without FILE checks: every real binlog (:func:`default_files`), then
    the captured streams of tests/fixtures/streams."""
    return default_files() + sorted(STREAMS.glob(f"*{STREAM_SUFFIX}"))


def python_dump(file: str) -> list[str]:
    """The Python dump of one file; a crash (a reader bug) becomes a line of its own."""
    try:
        return list(stream_lines(file) if file.endswith(STREAM_SUFFIX) else dump_lines(file))
    except Exception as exc:  # a reader bug: reported as a difference, not hidden
        return [dumps({"internal_error": f"{type(exc).__name__}: {exc}"})]


def payloads(data: bytes) -> tuple[list[bytes], int]:
    """The payloads of a captured stream's packets (continued ones joined), and the
    bytes of an incomplete last packet."""
    # here: the client's module imports PyMySQL, which nothing else of a file's dump needs
    from binlog_kaitai.replication import MAX_PAYLOAD, PACKET_HEADER

    out, parts, at = [], [], 0
    while at + 4 <= len(data):
        length = PACKET_HEADER.unpack_from(data, at)[0] & MAX_PAYLOAD
        if at + 4 + length > len(data):
            break
        parts.append(data[at + 4:at + 4 + length])
        at += 4 + length
        if length < MAX_PAYLOAD:
            out.append(b"".join(parts))
            parts = []
    return out, len(data) - at + sum(4 + len(p) for p in parts)


def stream_lines(file: str) -> Iterator[str]:
    """The dump of a captured stream (see the module docstring)."""
    packets, rest = payloads(Path(file).read_bytes())
    for index, payload in enumerate(packets):
        try:
            yield dumps({"packet": index, "tree": BinlogStreamPacket(
                False, KaitaiStream(io.BytesIO(payload)))})
        except DECODE_ERRORS:
            yield dumps({"packet": index, "tree": PARSE_ERROR})
    if rest:
        yield dumps({"truncated": rest})


def node_dumps(files: Sequence[str]) -> dict[str, list[str]]:
    """The Node dumps of all files, from one Node process."""
    proc = subprocess.run(
        ["node", str(DUMP_JS), *files], cwd=REPO, capture_output=True, encoding="utf-8",
        check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"tools/dump.js failed ({proc.returncode}):\n{proc.stderr}")
    dumps_by_file: dict[str, list[str]] = {}
    current: list[str] = []
    for line in proc.stdout.splitlines():
        if line.startswith('{"file":'):
            current = dumps_by_file.setdefault(json.loads(line)["file"], [])
        else:
            current.append(line)
    return dumps_by_file


def crosscheck(files: Sequence[str | Path]) -> list[Result]:
    """Both dumps of every file."""
    names = [str(f) for f in files]
    node = node_dumps(names)
    return [Result(name, python_dump(name), node.get(name, [])) for name in names]


def excerpts(a: str, b: str, width: int = 300) -> tuple[str, str]:
    """The two lines from a little before their first differing character."""
    at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
              min(len(a), len(b)))
    start = max(0, at - 80)
    def cut(line: str) -> str:
        text = line[start:start + width]
        return ("..." if start else "") + text + ("..." if start + width < len(line) else "")
    return cut(a), cut(b)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    files: list[str | Path] = list(args) if args else list(default_inputs())
    results = crosscheck(files)
    for r in results:
        if r.identical:
            continue
        i = r.first_difference()
        print(f"DIFFERENT {r.file} (line {i + 1}; python {len(r.python)} lines, "
              f"node {len(r.node)} lines)")
        py, js = excerpts(r.python[i] if i < len(r.python) else "<end>",
                          r.node[i] if i < len(r.node) else "<end>")
        print(f"  python: {py}")
        print(f"  node:   {js}")
    same = sum(r.identical for r in results)
    print(f"crosscheck: {same}/{len(results)} files identical")
    return 0 if results and same == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
