"""SQL text as the mysql client lexes it before the server parses it: the first keyword
of a statement (through comments and ``/*!NNNNN ... */`` version comments), and a script
split at its delimiter. The only hand-written lexing of the project; sqlglot parses
the statements themselves (:mod:`binlog_kaitai.ddl`).
"""

from __future__ import annotations

from collections.abc import Iterator


def first_word(sql: str) -> str:
    """The statement's first keyword (upper case), looking through comments."""
    i, n = 0, len(sql)
    while i < n:
        c = sql[i]
        if c.isspace() or c == ";":
            i += 1
        elif sql.startswith("/*!", i) or sql.startswith("/*M!", i):
            i += 4 if sql[i + 2] == "M" else 3
            while i < n and sql[i].isdigit():
                i += 1
        elif sql.startswith("/*", i):
            end = sql.find("*/", i + 2)
            i = n if end < 0 else end + 2
        elif c == "#" or (sql.startswith("--", i) and (i + 2 == n or sql[i + 2].isspace())):
            end = sql.find("\n", i)
            i = n if end < 0 else end + 1
        else:
            j = i
            while j < n and (sql[j].isalpha() or sql[j] == "_"):
                j += 1
            return sql[i:j].upper()
    return ""


def _quoted_end(sql: str, i: int) -> int:
    """Index just past the quoted string or identifier starting at ``sql[i]``."""
    quote, n = sql[i], len(sql)
    i += 1
    while i < n:
        c = sql[i]
        if c == "\\" and quote != "`":
            i += 2
        elif c == quote:
            if i + 1 < n and sql[i + 1] == quote:
                i += 2
            else:
                return i + 1
        else:
            i += 1
    return n


def split_statements(script: str, delimiter: str | None = ";") -> Iterator[str]:
    """Statements of an SQL script, as the mysql client sends them.

    Splits at the delimiter outside quotes and comments (not at all when ``delimiter`` is
    None: one statement), honours ``DELIMITER`` lines (so a stored routine stays one
    statement), and unwraps ``/*!NNNNN ...*/`` and ``/*M!NNNNN ...*/`` version comments,
    which MySQL and MariaDB execute; other comments are dropped.
    """
    out: list[str] = []
    i, n = 0, len(script)
    in_version_comment = False
    at_line_start = True
    while i < n:
        c = script[i]
        if delimiter and at_line_start and script[i:i + 10].upper() == "DELIMITER " and \
                not "".join(out).strip():
            end = script.find("\n", i)
            end = n if end < 0 else end
            delimiter = script[i + 10:end].strip() or delimiter
            i = end
            continue
        at_line_start = c == "\n" or (at_line_start and c in " \t\r")
        if delimiter and script.startswith(delimiter, i):
            yield "".join(out)
            out = []
            i += len(delimiter)
            at_line_start = False
        elif c in "'\"`":
            end = _quoted_end(script, i)
            out.append(script[i:end])
            i = end
        elif script.startswith("/*!", i) or script.startswith("/*M!", i):
            i += 4 if script[i + 2] == "M" else 3
            while i < n and script[i].isdigit():
                i += 1
            in_version_comment = True
            out.append(" ")
        elif in_version_comment and script.startswith("*/", i):
            in_version_comment = False
            out.append(" ")
            i += 2
        elif script.startswith("/*", i):
            end = script.find("*/", i + 2)
            i = n if end < 0 else end + 2
            out.append(" ")
        elif c == "#" or (script.startswith("--", i)
                          and (i + 2 == n or script[i + 2].isspace())):
            end = script.find("\n", i)
            i = n if end < 0 else end
        else:
            out.append(c)
            i += 1
    yield "".join(out)
