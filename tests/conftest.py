"""Shared test fixtures: where the real binlogs are, and the fuzzer's inputs made of
them."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import pytest

T = TypeVar("T")

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
CORPUS = SHARED / "corpus"
SEEDS = SHARED / "seeds"
FIXTURES = REPO / "tests" / "fixtures"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "live: starts a real MariaDB server")
    # Date-times without a zone are local, as mysqlbinlog reads them: the tests that give
    # such times expect them in UTC, whatever the TZ of the machine running them.
    os.environ["TZ"] = "UTC"
    time.tzset()


@pytest.fixture(autouse=True, scope="session")
def programs_temporary_folder(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The programs the tests run write their temporary files in the session's folder:
    ``mariadb-binlog`` leaves a ``SQL_LOAD_MB-*`` file in TMPDIR for every LOAD DATA it
    prints, and once thousands are there it cannot name another and fails."""
    os.environ["TMPDIR"] = str(tmp_path_factory.mktemp("tmpdir"))


@dataclass(frozen=True)
class CorpusFile:
    """One row of shared/corpus/README.md: what is known about a real binlog file."""

    path: Path
    size: int
    server_version: str
    checksum: str
    in_use: str
    events: int
    types: frozenset[int]
    last: int | None
    notes: str


def corpus_files() -> list[CorpusFile]:
    readme = CORPUS / "README.md"
    if not readme.exists():
        return []
    rows = []
    for line in readme.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 11 or not re.match(r"^\S+/\S+$", cells[0]) or cells[0] == "file":
            continue
        name, _src, _commit, size, version, cs, iu, events, types, last, notes = cells
        rows.append(CorpusFile(
            CORPUS / name, int(size), version, cs, iu, int(events),
            frozenset(int(t) for t in types.split()), int(last) if last else None, notes,
        ))
    return rows


CORPUS_FILES = corpus_files()


def corpus(name: str) -> Path:
    """A corpus file by its folder/file name; skips the test when shared/ is absent."""
    path = CORPUS / name
    if not path.exists():
        pytest.skip(f"corpus file missing: {path}")
    return path


def check_mutations(files: Sequence[Path], count: int, base_seed: int,
                    check: Callable[[bytes], T]) -> list[T]:
    """``check`` of each of the first ``count`` inputs the fuzzer makes of ``files``
    (``tools.fuzz.make_input`` with ``base_seed``): what each returned; an
    AssertionError names the mutation that failed."""
    from tools import fuzz

    seeds = fuzz.load_seeds(files)
    results = []
    for number in range(count):
        data, how, _origin = fuzz.make_input(number, base_seed, seeds)
        try:
            results.append(check(data))
        except AssertionError as exc:
            raise AssertionError(f"mutation {number} ({how}): {exc}") from exc
    return results
