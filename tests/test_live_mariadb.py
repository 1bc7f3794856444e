"""Our reader against mariadb-binlog, on binlogs written by a real MariaDB server.

* Committed fixtures (tests/fixtures/mariadb, made by ``python -m tools.make_fixtures``):
  need only ``mariadb-binlog``. Each file's (position, event type) list from our reader
  must equal mariadb-binlog's, and the server's own listing in ``events.tsv``.
* ``live`` tests start a throwaway server (``tools.mariadb_sandbox``), run the ``mixed``
  scenario and compare the fresh files the same way. They need ``mariadbd``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from binlog_kaitai.errors import EncryptedError
from binlog_kaitai.stream import read_events
from tests.mariadb_oracle import (
    START_ENCRYPTION,
    mariadb_binlog_program,
    oracle_events,
    run_mariadb_binlog,
    type_name,
)
from tools.make_fixtures import EVENTS_FILE, FIXTURES_DIR, Scenario
from tools.mariadb_sandbox import find_program

needs_mariadb_binlog = pytest.mark.skipif(
    mariadb_binlog_program() is None, reason="mariadb-binlog not installed"
)
needs_mariadbd = pytest.mark.skipif(
    find_program("mariadbd") is None, reason="mariadbd not installed"
)

#: Event type codes the mixed scenario must produce (sanity check of the scenario itself).
MIXED_EXPECTED_CODES = frozenset(
    [2, 3, 4, 5, 13, 14, 15, 16, 17, 18, 19, 23, 24, 25, 38, 160, 161, 162, 163]
)


def reader_events(path: Path, *, encrypted: bool = False) -> list[tuple[int, str]]:
    """(position, MariaDB type name) of every event our reader yields.

    Checksums are verified (real-server files have no bad CRC). For an ``encrypted`` file
    the reader yields Format_desc and Start_encryption, then raises EncryptedError: the
    events yielded up to then are returned.
    """
    events: list[tuple[int, str]] = []
    try:
        for ev in read_events(path, strict_checksums=True):
            events.append((ev.pos, type_name(ev.type_code)))
    except EncryptedError:
        if not encrypted:
            raise
    return events


def server_listing(folder: Path) -> dict[str, list[tuple[int, str]]]:
    """events.tsv of a fixture folder: file name -> [(pos, event_type), ...]."""
    listing: dict[str, list[tuple[int, str]]] = {}
    for line in (folder / EVENTS_FILE).read_text().splitlines()[1:]:
        file_name, pos, event_type, _end = line.split("\t")
        listing.setdefault(file_name, []).append((int(pos), event_type))
    return listing


def _is_encrypted(path: Path) -> bool:
    return Scenario.load(path.parent).encryption_key is not None


def _fixture_files() -> list[Path]:
    return sorted(FIXTURES_DIR.glob("*/binlog.[0-9]*"))


def _fixture_id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


fixture_files = pytest.mark.parametrize("path", _fixture_files(), ids=_fixture_id)


# -- the oracle itself (no reader needed) -------------------------------------------------


@needs_mariadb_binlog
@fixture_files
def test_oracle_agrees_with_server_listing(path: Path) -> None:
    """mariadb-binlog (as parsed by tests/mariadb_oracle.py) and SHOW BINLOG EVENTS agree."""
    expected = server_listing(path.parent)[path.name]
    events, stderr = run_mariadb_binlog(path, allow_errors=_is_encrypted(path))
    got = [(ev.pos, ev.name) for ev in events]
    if _is_encrypted(path):
        # mariadb-binlog stops after Start_encryption: it has no key.
        assert "decryption failure" in stderr
        assert [ev.type_code for ev in events] == [15, START_ENCRYPTION]
        assert got == expected[:2]
    else:
        assert got == expected


# -- our reader against the committed fixtures --------------------------------------------


@needs_mariadb_binlog
@fixture_files
def test_fixture_matches_mariadb_binlog(path: Path) -> None:
    """Our (position, type) list equals mariadb-binlog's for every committed fixture.

    For encrypted files mariadb-binlog only shows Format_desc and Start_encryption, so
    only that prefix is compared here; test_fixture_matches_server_listing covers the rest.
    """
    ours = reader_events(path, encrypted=_is_encrypted(path))
    if _is_encrypted(path):
        oracle, _stderr = run_mariadb_binlog(path, allow_errors=True)
        assert ours[: len(oracle)] == [(ev.pos, ev.name) for ev in oracle]
    else:
        assert ours == oracle_events(path)


@fixture_files
def test_fixture_matches_server_listing(path: Path) -> None:
    """Our (position, type) list equals the server's SHOW BINLOG EVENTS (events.tsv).

    For encrypted files, without decryption only the positions of the encrypted events
    are known to a reader (the event length is stored in clear), so only they are compared.
    """
    expected = server_listing(path.parent)[path.name]
    ours = reader_events(path, encrypted=_is_encrypted(path))
    if _is_encrypted(path):
        assert ours[:2] == expected[:2]
        assert [pos for pos, _ in ours] == [pos for pos, _ in expected][: len(ours)]
    else:
        assert ours == expected


# -- live: a fresh server run --------------------------------------------------------------


@pytest.fixture(scope="module")
def live_mixed_binlogs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Run the mixed scenario on a new sandbox server; return copies of its binlogs."""
    scenario = Scenario.load(FIXTURES_DIR / "mixed")
    out = tmp_path_factory.mktemp("live-mixed")
    # The sandbox picks its own short temp dir (Unix socket path length limit) and
    # removes it, and stops the server, when the block ends, also on errors.
    with scenario.sandbox() as db:
        scenario.run_sql(db)
        db.stop()  # clean shutdown: STOP_EVENT at the end of the last file
        return [Path(shutil.copy(src, out / src.name)) for src in db.binlog_paths()]


@pytest.mark.live
@needs_mariadbd
@needs_mariadb_binlog
def test_live_mixed_scenario_event_types(live_mixed_binlogs: list[Path]) -> None:
    """The installed server still writes every event type the mixed scenario is for."""
    assert len(live_mixed_binlogs) == 2
    codes = set()
    for path in live_mixed_binlogs:
        events, _stderr = run_mariadb_binlog(path)
        codes |= {ev.type_code for ev in events}
    assert codes >= MIXED_EXPECTED_CODES, sorted(MIXED_EXPECTED_CODES - codes)


@pytest.mark.live
@needs_mariadbd
@needs_mariadb_binlog
def test_live_mixed_scenario_matches_mariadb_binlog(live_mixed_binlogs: list[Path]) -> None:
    """For every file the live server wrote, our (position, type) list equals the oracle's."""
    for path in live_mixed_binlogs:
        assert reader_events(path) == oracle_events(path), path.name
