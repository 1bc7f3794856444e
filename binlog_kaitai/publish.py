"""An output folder published whole or not at all, and never replaced unless asked.

``export`` and the Spark job write a run's tables into a staging folder beside the
output (same parent, hidden: ``.OUT.binlog-kaitai-staging-<host>-<pid>-<random>``), then
publish them as one set (:func:`publish`):

1. the manifest, :data:`MANIFEST`, written last into the staging folder: every file of
   the run, by path under the output, with its size (local files and folders synced to
   disk first, so a power cut cannot publish a manifest that lies);
2. one rename of the staging folder to the output (new, or an empty folder). Replacing
   an output (``overwrite``) takes two: the old output aside
   (``.OUT.binlog-kaitai-old-...``), then the staging folder in; the old one is deleted
   after. A crash between the two renames leaves no output and the old one aside: the
   next run on that output puts it back (a failed run leaves the previous output), and
   deletes the staging folders of this host's runs whose process is gone
   (:func:`begin`).

Object stores (``s3://``, ``gs://``, ``abfs://``...) rename nothing atomically: there a
run's files are written under names of its own (its run id before each file's name), the
manifest listing them is written last (the commit: one PUT replaces the manifest object
whole), and only then are the files it no longer lists deleted (the previous export's,
and what failed runs left). A failure before the commit leaves the previous export as
it was: its manifest lists only its own files. ``export``, whose writers write local
files (``begin(local=True)``), stages its run in a local temporary folder and uploads it
at publication; the Spark job stages its run in a hidden folder inside the output,
copied in (on the store's side) at publication.

A reader can tell a whole output from a half-written one by its manifest alone, and
should read only the files it lists (:func:`read_manifest`): on an object store, what a
failed run left is there until the next run deletes it. Pure Python and
:mod:`pyarrow.fs` (local paths, ``file://``, ``hdfs://``, object stores): the same for
``export`` and the Spark job's driver.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import secrets
import shutil
import socket
import tempfile
import time
from collections.abc import Collection, Iterator
from contextlib import suppress
from dataclasses import dataclass

import pyarrow.fs as pafs

from binlog_kaitai.storage import is_object_store, resolve

MANIFEST = "_binlog_kaitai_manifest.json"
FORMAT = "binlog-kaitai output"
TAG = "binlog-kaitai"
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")
_STORE_STAGING = f".{TAG}-staging-"
"""A run's staging folder inside a store's output (the Spark job's), before its run id."""


class OutputRefused(Exception):
    """The output holds an export (and ``overwrite`` was not given) or other files."""


@dataclass(frozen=True)
class Staging:
    """A run's output being written: where (``staging``, in the output's form: a path or
    a URI, for whatever writes there), and how it is to be published."""

    output: str
    staging: str
    overwrite: bool
    known: frozenset[str]
    """Names of an export's top folders: an output holding one is an export."""
    run_id: str = ""
    """On an object store (else empty): what the run's file names start with there."""


def begin(output: str, *, overwrite: bool, known: Collection[str], local: bool = False
          ) -> Staging:
    """The staging folder of a run writing ``output``, created, once the leftovers of
    dead runs are recovered and the output is known to be one the run may replace
    (new, empty, or an export with ``overwrite``); else :class:`OutputRefused`.
    ``local``: the run writes local files only (a store's output is uploaded). On an
    object store, dead runs' leftovers are deleted at publication, and nothing is made
    here: the staging folder is a local temporary one (``local``), else a hidden one
    inside the output, made by what writes there (Spark)."""
    fs, path = _locate(output)
    if is_object_store(output):
        run_id = f"run{time.strftime('%Y%m%dT%H%M%S', time.gmtime())}-{secrets.token_hex(4)}"
        run = Staging(output, output, overwrite, frozenset(known), run_id)
        _check(fs, path, run)
        staging = (tempfile.mkdtemp(prefix=f".{TAG}-staging-") if local
                   else f"{output.rstrip('/')}/{_STORE_STAGING}{run_id}")
        return dataclasses.replace(run, staging=staging)
    run = Staging(output, _sibling(output, "staging"), overwrite, frozenset(known))
    _recover(fs, path)
    _check(fs, path, run)
    fs.create_dir(_locate(run.staging)[1])
    return run


def check_output(output: str, *, overwrite: bool, known: Collection[str]) -> None:
    """:class:`OutputRefused` unless a run may write ``output``, for a caller that would
    refuse before costly work such as starting Spark (:func:`begin` checks again)."""
    fs, path = _locate(output)
    _check(fs, path, Staging(output, output, overwrite, frozenset(known)))


def publish(run: Staging) -> None:
    """The staging folder's files listed in its manifest, and the folder made the output
    (see the module's docstring); :class:`OutputRefused` if another run published an
    export there meanwhile (without ``overwrite``)."""
    if run.run_id:
        _publish_to_store(run)
        return
    fs, staging = _locate(run.staging)
    _write_manifest(fs, staging)
    out = _locate(run.output)[1]
    if not _check(fs, out, run):
        if _exists(fs, out):
            fs.delete_dir(out)  # empty: a rename onto it would move into it on HDFS
        fs.move(staging, out)
    else:
        aside = _locate(_sibling(run.output, "old"))[1]
        fs.move(out, aside)
        try:
            fs.move(staging, out)
        except BaseException:
            fs.move(aside, out)
            raise
        with suppress(OSError):  # published; the next run deletes it (its process gone)
            fs.delete_dir(aside)
    _sync(fs, out.rpartition("/")[0] or "/")


def _publish_to_store(run: Staging) -> None:
    """The staged files (not Spark's ``_SUCCESS`` markers nor checksums) copied into the
    store's output, the run id before their names; the manifest listing them written
    last (the commit); then what it does not list deleted, and the staging folder."""
    fs, out = _locate(run.output)
    _check(fs, out, run)
    source_fs, staging = _locate(run.staging)
    files = {}
    for info in source_fs.get_file_info(pafs.FileSelector(staging, recursive=True)):
        if info.type != pafs.FileType.File or info.base_name[0] in "._":
            continue
        folder, _, name = info.path[len(staging) + 1:].rpartition("/")
        target = f"{folder}/{run.run_id}-{name}".lstrip("/")
        if isinstance(source_fs, pafs.LocalFileSystem):
            _upload(info.path, fs, f"{out}/{target}")
        else:
            fs.copy_file(info.path, f"{out}/{target}")  # on the store's side
        files[target] = info.size
    _put_manifest(fs, out, files)
    with suppress(OSError):  # published: what is left is the next run's to delete
        _delete_unlisted(fs, out, files, run.known)
        _delete_staging(run)


def _upload(local: str, fs: pafs.FileSystem, target: str) -> None:
    """A local file copied to the store, one at a time: pyarrow's ``copy_files`` leaves a
    failed upload's stream to its destructor, which prints the failure again."""
    with open(local, "rb") as source, fs.open_output_stream(target) as sink:
        shutil.copyfileobj(source, sink, 1 << 22)


def _delete_unlisted(fs: pafs.FileSystem, out: str, listed: Collection[str],
                     known: Collection[str]) -> None:
    """On a store's output, the files under an export's top folders that the manifest
    does not list (the previous export's, failed runs'), and the staging folders."""
    for info in _listing(fs, out):
        if info.base_name.startswith(_STORE_STAGING):
            fs.delete_dir(info.path)
    for info in _files_under(fs, out, known):
        if info.path[len(out) + 1:] not in listed:
            fs.delete_file(info.path)


def _files_under(fs: pafs.FileSystem, out: str, known: Collection[str]
                 ) -> Iterator[pafs.FileInfo]:
    """The files under the ``known`` top folders of ``out``."""
    for top in known:
        yield from (info for info in fs.get_file_info(pafs.FileSelector(
            f"{out}/{top}", recursive=True, allow_not_found=True))
            if info.type == pafs.FileType.File)


def abandon(run: Staging) -> None:
    """What the failed run wrote deleted, as far as possible (what cannot be is the next
    run's to delete: its process is gone then, or on a store, no manifest lists it)."""
    with suppress(OSError):
        _delete_staging(run)
    if run.run_id:
        with suppress(OSError):  # (a failing store: the next run's to delete)
            fs, out = _locate(run.output)
            for info in _files_under(fs, out, run.known):
                if info.base_name.startswith(f"{run.run_id}-"):
                    fs.delete_file(info.path)


def _delete_staging(run: Staging) -> None:
    fs, staging = _locate(run.staging)
    if isinstance(fs, pafs.LocalFileSystem) and run.run_id:
        shutil.rmtree(staging, ignore_errors=True)  # export's, for a store
    else:
        fs.delete_dir(staging)


def read_manifest(output: str) -> dict[str, int]:
    """The files of a published output (path under it: size); FileNotFoundError when it
    has no manifest (an unfinished run's on an object store, or no output)."""
    fs, path = _locate(output)
    with fs.open_input_stream(f"{path}/{MANIFEST}") as source:
        manifest = json.loads(source.read())
    if manifest.get("format") != FORMAT:
        raise ValueError(f"{output}: {MANIFEST} is not a {FORMAT} manifest")
    return dict(manifest["files"])


def _locate(location: str) -> tuple[pafs.FileSystem, str]:
    """The filesystem of a path or URI, and the path inside it."""
    if _SCHEME.match(location) is None:
        return pafs.LocalFileSystem(), os.path.abspath(location)
    return resolve(location)


def _sibling(output: str, kind: str) -> str:
    """A new hidden name beside ``output`` for this process's ``kind`` of folder."""
    head, _, name = (output if _SCHEME.match(output) else os.path.abspath(output)
                     ).rstrip("/").rpartition("/")
    return (f"{head}/.{name}.{TAG}-{kind}-{socket.gethostname()}-{os.getpid()}-"
            f"{secrets.token_hex(4)}")


def _check(fs: pafs.FileSystem, path: str, run: Staging) -> bool:
    """Whether ``path`` holds an export the run may replace (False: nothing there, an
    empty folder, or on an object store only what failed runs left: no manifest);
    :class:`OutputRefused` when the run may not write there."""
    info = fs.get_file_info(path)
    if info.type == pafs.FileType.NotFound:
        return False
    if info.type != pafs.FileType.Directory:
        raise OutputRefused(f"{run.output}: not a folder")
    names = {below.base_name for below in fs.get_file_info(pafs.FileSelector(path))}
    if is_object_store(run.output):
        names = {name for name in names if not name.startswith(_STORE_STAGING)}
        if MANIFEST not in names and names <= run.known:
            return False
    if not names:
        return False
    if MANIFEST not in names and not names & run.known:
        raise OutputRefused(f"{run.output}: holds other files than an export; "
                            "the output must be a new or empty folder, or an export")
    if not run.overwrite:
        raise OutputRefused(f"{run.output}: already holds an export; --overwrite replaces it")
    return True


def _recover(fs: pafs.FileSystem, path: str) -> None:
    """The leftovers of this host's dead runs on ``path``: an old output set aside put
    back when there is no output (a crash between the two renames), everything else
    (staging folders, old outputs replaced) deleted."""
    head, _, name = path.rpartition("/")
    pattern = re.compile(rf"\.{re.escape(name)}\.{TAG}-(staging|old)-"
                         rf"{re.escape(socket.gethostname())}-(\d+)-[0-9a-f]{{8}}")
    found = [(m.group(1), below.path) for below in _listing(fs, head or "/")
             if (m := pattern.fullmatch(below.base_name)) and not _alive(int(m.group(2)))]
    for kind, left in sorted(found):  # "old" first
        if kind == "old" and not _exists(fs, path):
            fs.move(left, path)
        else:
            fs.delete_dir(left)


def _listing(fs: pafs.FileSystem, folder: str) -> list[pafs.FileInfo]:
    return fs.get_file_info(pafs.FileSelector(folder, allow_not_found=True))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's
    return True


def _exists(fs: pafs.FileSystem, path: str) -> bool:
    return fs.get_file_info(path).type != pafs.FileType.NotFound


def _write_manifest(fs: pafs.FileSystem, root: str) -> None:
    """Every file under ``root`` (sizes as written, synced to disk when local), then the
    manifest listing them."""
    files = {below.path[len(root) + 1:]: below.size
             for below in fs.get_file_info(pafs.FileSelector(root, recursive=True))
             if below.type == pafs.FileType.File}
    _sync_all(fs, [f"{root}/{below}" for below in files])
    _put_manifest(fs, root, files)
    _sync_all(fs, {root} | {f"{root}/{'/'.join(parts[:i])}" for parts in map(
        lambda f: f.split("/"), files) for i in range(1, len(parts))})


def _put_manifest(fs: pafs.FileSystem, root: str, files: dict[str, int]) -> None:
    """The manifest listing ``files`` (path under ``root``: size), written in one go."""
    body = json.dumps({"format": FORMAT, "version": 1, "files": dict(sorted(files.items()))},
                      indent=1)
    with fs.open_output_stream(f"{root}/{MANIFEST}") as sink:
        sink.write(body.encode())
    _sync(fs, f"{root}/{MANIFEST}")


def _sync_all(fs: pafs.FileSystem, paths: Collection[str]) -> None:
    """:func:`_sync` of each path, several at once (the disk's waits overlap: 22 files of
    the bulk file's export took 0.057 s one after the other)."""
    if not isinstance(fs, pafs.LocalFileSystem) or not paths:
        return
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(min(8, len(paths))) as pool:
        for _ in pool.map(lambda path: _sync(fs, path), paths):
            pass  # (an OSError raised here)


def _sync(fs: pafs.FileSystem, path: str) -> None:
    """A local file or folder's data and entries on disk (others: their store's)."""
    if not isinstance(fs, pafs.LocalFileSystem):
        return
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
