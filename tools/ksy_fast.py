"""Compile the structures the hot paths read from ``ksy/*.ksy`` to Cython readers.

``python -m tools.ksy_fast ksy generated_fast`` writes one module per entry of
:data:`MODULES` (``generated_fast/mysql_binlog.py``...), in Cython's pure-Python mode:
``setup.py`` compiles them to C extensions, and the same source runs as plain Python where
they are not built. Every offset, size, endianness, condition and check comes from the
spec; nothing of the binlog layout is written here. ``make generate`` runs this and
``make check-generated`` checks the committed output is fresh.

For each compiled type ``t`` the output has a class ``T`` (a ``cclass``: one C struct)
holding the members read, and ``read_t(data, pos, end, <params>, out) -> int``, which
reads ``t`` at ``data[pos:end]`` (``data`` a bytes object: its bytes are read by C
without a buffer to acquire, ``end`` clamped to its size) into ``out`` and returns the
position after it, or
``TRUNCATED`` (-1: the bytes end first, where the Kaitai parser raises EOFError) or
``INVALID`` (-2: a ``valid``/``contents`` check fails or a size is negative). Instances
are read eagerly, in the order the members need them: a reader returns TRUNCATED when
any member it compiles does not fit, even a parse instance the spec's lazy evaluation
would not have reached (``binlog_version`` of a 14-byte file); and compiled, 64-bit
arithmetic wraps where Python's integers do not (a packed integer within 8 of 2**64 as a
byte count). A type in
:data:`Module.frames` also gets ``frame_t(source, pos, end, <params>, table)``: its
``repeat: eos`` walk, every scalar member of each ``t`` (nested types flattened) written
to a column of ``table`` (``T_COLUMNS`` names them) in one call.

Supported KSY subset (anything else raises :class:`KsyUnsupported`, naming the file, the
path inside it and the construct):

- ``meta``: ``id``, ``endian`` (``le``/``be``), ``imports`` (their top-level types, named
  by the spec's id, and types and enums named ``spec::...``, compiled into the module);
  documentation keys are ignored.
- ``params`` of integer types (``u1``... ``s8``) and ``bool``; a type's reader takes only
  the params its compiled members use.
- ``seq`` fields, compiled as a prefix of the seq (a type may stop at a member it does not
  need, never skip one): integer types ``u1 u2 u4 u8 s1 s2 s4`` with optional
  ``le``/``be`` suffix, and byte-aligned bit fields ``b8le``... ``b64le`` (``be`` too:
  after byte types only, a ``b24le`` is a 3-byte integer); ``contents`` (a list of
  bytes); ``size:`` with no type, or with a user type, ``switch-on`` or ``str``/``strz``
  (and its ``encoding``), read as an opaque span (``<id>_at``, ``<id>_size``: the body is
  not parsed, the text not decoded), and ``size-eos: true`` so
  (the rest of the type's stream); a user type with arguments and no size (read in
  place); ``if:`` (``has_<id>`` says whether it was read; an instance of that name must
  be the ``if:`` itself);
  ``valid:`` (``min``, ``max``, a value); ``enum:`` (the value stays the integer);
  ``-orig-id``, ``doc``, ``doc-ref``. An integer member of :data:`Module.positions` keeps
  its position too (``<id>_at``), as the CRC field of a framed type does.
- ``instances``: ``value:`` (an array literal becomes a module constant; a span member,
  or ``?:`` choosing between span members, a span: its ``<id>_at``, ``<id>_size``), with
  ``if:``; parse instances with ``pos:``, an integer type or a user type with ``size:``.
  A span is no operand of anything else.
- Expressions: integer, ``true``/``false`` and array literals; params, members, ``_io.size``;
  ``a::b::c`` enum constants (of this spec or an import); ``.to_i``; ``.size`` of an array
  literal; ``member.member`` of a compiled user type; ``[i]`` indexing; unary ``- ~ not``;
  ``* / % + - << >> & ^ |``, comparisons, ``and``, ``or`` and ``?:``.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

TRUNCATED = -1
INVALID = -2
INT_TYPE = re.compile(r"^(?:([us])([1248])(le|be)?|b(8|16|24|32|40|48|56|64)(le|be))$")
UNSIGNED_OPS = {"+", "*", "<<", "|", "&", "^"}
"""Operators whose result is unsigned when both operands are: computed in 64-bit unsigned
C arithmetic (``low + high * 0x100000000`` of a 64-bit value)."""


class KsyUnsupported(Exception):
    """A construct of the spec the generator does not compile."""

    def __init__(self, ksy: Path, where: str, construct: str) -> None:
        super().__init__(f"{ksy}: {where}: unsupported by tools/ksy_fast.py: {construct}")


@dataclass(frozen=True)
class Module:
    """One output module: the types to compile, each with the members its readers need
    (in spec order; ``None``: all of them), and the types to frame with the field whose
    value is the CRC32 of every byte of the type before it."""

    spec: str
    types: dict[str, list[str] | None]
    frames: dict[str, str] = field(default_factory=dict)
    scans: list[str] = field(default_factory=list)
    """Types to look for at every offset of a window (``scan_<type>``)."""
    positions: dict[str, list[str]] = field(default_factory=dict)
    """Integer members whose position is kept too (``<id>_at``), by type: where the
    adapter must change a member's bytes (a FORMAT_DESCRIPTION_EVENT's CRC covers its
    in-use flag cleared)."""


MODULES = [
    Module("mysql_binlog", {
        "mysql_binlog": ["magic", "first_type_code", "first_event_length", "binlog_version",
                         "first_header_len"],
        "event_header": None,
        "event": ["header", "body", "checksum", "footer_len"],
        "xid_event": None,
        "annotate_rows_event": None,
        "rotate_event": ["position"],
        "format_description_event": ["binlog_version", "server_version", "create_timestamp",
                                     "header_length", "post_header_lengths", "checksum_alg",
                                     "checksum"],
    }, frames={"event": "checksum"}, scans=["event_header"],
        positions={"event_header": ["flags"], "format_description_event": ["checksum"]}),
    Module("gtid_event", {
        "gtid_event": ["gtid_flags", "sid", "gno", "lc_typecode", "last_committed",
                       "sequence_number", "may_have_sbr", "has_logical_clock"],
    }),
    Module("mariadb_gtid_event", {
        "mariadb_gtid_event": None,
    }),
    Module("rows_event", {
        "rows_event": ["table_id", "flags", "len_extra_data", "extra_data", "num_columns",
                       "columns_present", "after_image_columns", "rows", "is_v2",
                       "has_after_image", "is_compressed", "columns_present_after",
                       "is_end_of_statement"],
    }),
]


# -- the specs -----------------------------------------------------------------------------

@dataclass
class Spec:
    path: Path
    doc: dict[str, Any]

    @property
    def id(self) -> str:
        return str(self.doc["meta"]["id"])

    @property
    def endian(self) -> str | None:
        return self.doc["meta"].get("endian")

    def type_def(self, name: str) -> dict[str, Any]:
        return self.doc if name == self.id else self.doc.get("types", {}).get(name)

    def where(self, name: str) -> str:
        return "/" if name == self.id else f"/types/{name}"


def load_specs(ksy_dir: Path) -> dict[str, Spec]:
    return {p.stem: Spec(p, yaml.safe_load(p.read_text())) for p in sorted(ksy_dir.glob("*.ksy"))}


# -- expressions ---------------------------------------------------------------------------

TOKEN = re.compile(r"\s*(?:(0x[0-9a-fA-F_]+|\d[\d_]*)|([A-Za-z_]\w*(?:::[A-Za-z_]\w*)*)"
                   r"|(==|!=|<=|>=|<<|>>|[-+*/%&|^<>?:\[\](),.~])|(\"[^\"]*\"|'[^']*'))")
BINARY = [("or",), ("and",), ("==", "!=", "<", "<=", ">", ">="), ("|",), ("^",), ("&",),
          ("<<", ">>"), ("+", "-"), ("*", "/", "%")]
PY_OP = {"/": "//"}
SPAN_PART = "<span>"
"""Where ``_at`` or ``_size`` goes in the code of an expression whose value is a span."""


@dataclass
class Value:
    """A translated expression: its Python code and what it is (``int``, ``uint``: known
    not negative, ``tuple``, or ``type:`` and the key of the user type whose reader
    filled it)."""

    code: str
    kind: str = "int"


class Expr:
    """A Pratt parser of one KSY expression, translating it to Python as it goes."""

    def __init__(self, text: str, scope: TypeCompiler, where: str) -> None:
        self.scope, self.where = scope, where
        self.tokens: list[str] = []
        pos, text = 0, str(text).strip()
        while pos < len(text):
            m = TOKEN.match(text, pos)
            if not m or m.end() == pos:
                self.fail(f"expression {text!r}")
            if m.group(4):
                self.fail(f"string literal in {text!r}")
            self.tokens.append(next(g for g in m.groups() if g))
            pos = m.end()
        self.i = 0

    def fail(self, construct: str) -> None:
        raise KsyUnsupported(self.scope.spec.path, self.where, construct)

    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self, expected: str | None = None) -> str:
        tok = self.peek()
        if tok is None or (expected is not None and tok != expected):
            self.fail(f"expected {expected or 'more'} at token {self.i} of {self.tokens}")
        self.i += 1
        return tok  # type: ignore[return-value]

    def parse(self) -> Value:
        value = self.ternary()
        if self.peek() is not None:
            self.fail(f"trailing {self.peek()!r} in {self.tokens}")
        return value

    def ternary(self) -> Value:
        cond = self.binary(0)
        if self.peek() != "?":
            return cond
        self.take("?")
        yes = self.ternary()
        self.take(":")
        no = self.ternary()
        if "span" in (yes.kind, no.kind, cond.kind):
            if yes.kind != no.kind or cond.kind == "span":
                self.fail(f"a span and a number in {self.tokens}")
            return Value(f"({yes.code} if {cond.code} else {no.code})", "span")
        kind = "int" if {yes.kind, no.kind} == {"int", "uint"} else yes.kind
        return Value(f"({yes.code} if {cond.code} else {no.code})", kind)

    def binary(self, level: int) -> Value:
        if level == len(BINARY):
            return self.unary()
        left = self.binary(level + 1)
        while self.peek() in BINARY[level]:
            op = self.take()
            right = self.binary(level + 1)
            if "span" in (left.kind, right.kind):
                self.fail(f"a span operand of {op!r} in {self.tokens}")
            if op in UNSIGNED_OPS and left.kind == right.kind == "uint":
                left = Value(f"({unsigned(left.code)} {op} {unsigned(right.code)})", "uint")
            else:
                left = Value(f"({left.code} {PY_OP.get(op, op)} {right.code})")
        return left

    def unary(self) -> Value:
        if self.peek() in ("-", "~", "not"):
            op = self.take()
            operand = self.unary()
            if operand.kind == "span":
                self.fail(f"a span operand of {op!r} in {self.tokens}")
            return Value(f"({op}{' ' if op == 'not' else ''}{operand.code})")
        return self.postfix(self.primary())

    def primary(self) -> Value:
        tok = self.take()
        if tok == "(":
            inner = self.ternary()
            self.take(")")
            return inner
        if tok == "[":
            items = []
            while self.peek() != "]":
                items.append(self.ternary().code)
                if self.peek() == ",":
                    self.take(",")
            self.take("]")
            return Value(f"({', '.join(items)},)", "tuple")
        if tok[0].isdigit():
            return Value(str(int(tok.replace("_", ""), 0)), "uint")
        if tok in ("true", "false"):
            return Value("True" if tok == "true" else "False")
        if "::" in tok:
            return Value(str(self.scope.enum_value(tok, self.where)))
        return self.scope.resolve(tok, self.where)

    def postfix(self, value: Value) -> Value:
        while self.peek() in (".", "["):
            if self.take() == "[":
                index = self.ternary()
                self.take("]")
                value = Value(f"{value.code}[{index.code}]")
                continue
            attr = self.take()
            if attr == "to_i":
                continue
            if value.kind == "span":
                self.fail(f".{attr} of a span in {self.tokens}")
            if attr == "size" and value.kind == "tuple":
                value = Value(f"len({value.code})")
            elif value.kind == "io" or value.kind.startswith("type:"):
                value = self.scope.member_of(value, attr, self.where)
            else:
                self.fail(f".{attr} of {value.code}")
        return value


# -- types ---------------------------------------------------------------------------------

def unsigned(code: str) -> str:
    """``code`` as a 64-bit unsigned C value (a literal is one already)."""
    return code if code.isdigit() else f"cython.cast(cython.ulonglong, {code})"


def camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


def int_type(spec: Spec, name: Any) -> tuple[int, bool, str] | None:
    """(size, signed, endianness) of an integer type name, None for any other type."""
    m = INT_TYPE.match(str(name))
    if not m:
        return None
    if m.group(4):  # a byte-aligned bit field: only byte types come before it
        return int(m.group(4)) // 8, False, m.group(5)
    size = int(m.group(2))
    endian = m.group(3) or spec.endian or ""
    if size > 1 and not endian:
        raise KsyUnsupported(spec.path, "/meta", f"{name} with no endianness")
    return size, m.group(1) == "s", endian if size > 1 else ""


@dataclass
class Attr:
    """An attribute of a compiled class: its name, C type and Python default."""

    name: str
    ctype: str
    key: str = ""
    """The compiled type's key (``spec::type``) of a member that is one, else empty."""
    member: str = ""
    """The member this attribute is part of (a span's ``_at``, ``_size``), if not itself."""
    unsigned: bool = False

    @property
    def scalar(self) -> bool:
        return not self.key


class TypeCompiler:
    """Compiles one type's members to the body of its reader."""

    def __init__(self, gen: Generator, spec: Spec, name: str, members: list[str] | None) -> None:
        self.gen, self.spec, self.name = gen, spec, name
        self.key = f"{spec.id}::{name}"
        self.tdef = spec.type_def(name)
        if self.tdef is None:
            raise KsyUnsupported(spec.path, "/types", f"no type {name!r}")
        self.seq = {f["id"]: f for f in self.tdef.get("seq", [])}
        self.instances = self.tdef.get("instances", {})
        self.params = {p["id"]: p for p in self.tdef.get("params", [])}
        self.members = members if members is not None else [*self.seq, *self.instances]
        self.used_params: list[str] = []
        self.attrs: list[Attr] = []
        self.lines: list[str] = []
        self.done: set[str] = set()
        self.read_seq = 0

    @property
    def cls(self) -> str:
        return self.gen.class_name(self.key)

    # names in expressions

    def resolve(self, ident: str, where: str) -> Value:
        if ident in self.params:
            if ident not in self.used_params:
                self.used_params.append(ident)
            return Value(f"p_{ident}")
        if ident == "_io":
            return Value("", "io")
        if ident in self.seq or ident in self.instances:
            return self.ensure(ident, where)
        raise KsyUnsupported(self.spec.path, where, f"name {ident!r}")

    def member_of(self, value: Value, attr: str, where: str) -> Value:
        if value.kind == "io":
            if attr != "size":
                raise KsyUnsupported(self.spec.path, where, f"_io.{attr}")
            return Value("(end - start)")
        other = self.gen.compiled[value.kind[5:]]
        const = self.gen.consts.get((other.key, attr))
        if const is not None:
            return Value(const, "tuple")
        if attr not in other.done:
            raise KsyUnsupported(self.spec.path, where, f"{attr!r}, not read by {other.key}")
        return Value(f"{value.code}.{attr}", other.kind_of(attr))

    def kind_of(self, member: str) -> str:
        if any(a.name == f"{member}_at" and a.member == member for a in self.attrs) and any(
                a.name == f"{member}_size" for a in self.attrs):
            return "span"
        attr = next((a for a in self.attrs if a.name == member), None)
        if attr is not None and attr.key:
            return f"type:{attr.key}"
        return "uint" if attr is not None and attr.unsigned else "int"

    def enum_value(self, ref: str, where: str) -> int:
        return self.gen.enum_value(self.spec, ref, where)

    def expr(self, text: Any, where: str) -> Value:
        return Expr(text, self, where).parse()

    # members

    def ensure(self, member: str, where: str) -> Value:
        """The code of a member, compiling it first (and what it needs) if not yet read."""
        if member in self.done:
            return self.member_value(member)
        if member in self.seq:
            order = list(self.seq)
            if order.index(member) < self.read_seq:
                raise KsyUnsupported(self.spec.path, where, f"{member!r} used while read")
            for name in order[self.read_seq:order.index(member) + 1]:
                self.compile_seq(name)
        else:
            self.compile_instance(member)
        return self.member_value(member)

    def member_value(self, member: str) -> Value:
        const = self.gen.consts.get((self.key, member))
        if const is not None:
            return Value(const, "tuple")
        kind = self.kind_of(member)
        if kind == "span":  # (its code is a template: SPAN_PART is ``_at`` or ``_size``)
            return Value(f"out.{member}{SPAN_PART}", kind)
        return Value(f"out.{member}", kind)

    def compile(self) -> None:
        for member in self.members:
            if member not in self.done:
                self.ensure(member, f"{self.spec.where(self.name)}/{member}")

    def compile_seq(self, member: str) -> None:
        index = list(self.seq).index(member)
        self.read_seq = index + 1
        self.done.add(member)
        spec = self.seq[member]
        where = f"{self.spec.where(self.name)}/seq/{index}"
        self.field(member, spec, where, instance=False)

    def compile_instance(self, member: str) -> None:
        spec = self.instances[member]
        where = f"{self.spec.where(self.name)}/instances/{member}"
        self.done.add(member)
        if "value" in spec:
            self.check_keys(spec, where, {"value", "if", "enum"})
            value = self.expr(spec["value"], where)
            if value.kind == "span":  # the bytes of one member or another: their span
                self.attrs += [Attr(f"{member}_at", "cython.Py_ssize_t", member=member),
                               Attr(f"{member}_size", "cython.Py_ssize_t", member=member)]
                lines = [f"out.{member}{part} = {value.code.replace(SPAN_PART, part)}"
                         for part in ("_at", "_size")]
                self.conditional(member, spec, where, lines, [f"{member}_at", f"{member}_size"])
                return
            if value.kind == "tuple" and "if" not in spec:
                self.gen.consts[(self.key, member)] = self.gen.const(value.code)
                return
            wide = value.kind == "uint"
            self.attrs.append(Attr(member, "cython.ulonglong" if wide else "cython.longlong",
                                   unsigned=wide))
            self.conditional(member, spec, where, [f"out.{member} = {value.code}"], [member])
            return
        self.field(member, spec, where, instance=True)

    def check_keys(self, spec: dict[str, Any], where: str, allowed: set[str]) -> None:
        extra = set(spec) - allowed - {"id", "doc", "doc-ref", "-orig-id"}
        if extra:
            raise KsyUnsupported(self.spec.path, where, f"key(s) {sorted(extra)}")

    def conditional(self, member: str, spec: dict[str, Any], where: str,
                    body: list[str], scalars: list[str]) -> None:
        """Emit ``body``, under the member's ``if:`` when it has one (``has_<member>``
        then says which; the ``scalars`` it sets are reset to 0 when absent, since the
        caller's object is reused from one read to the next)."""
        if "if" not in spec:
            self.lines += body
            return
        cond = self.expr(spec["if"], f"{where}/if")
        if f"has_{member}" not in self.instances:
            self.attrs.append(Attr(f"has_{member}", "cython.bint"))
        elif spec["if"] != f"has_{member}":  # the spec's instance would mean something else
            raise KsyUnsupported(self.spec.path, f"{where}/if",
                                 f"instance has_{member} that is not the if of {member}")
        self.lines += [f"if {cond.code}:", *("    " + b for b in body),
                       f"    out.has_{member} = True", "else:",
                       f"    out.has_{member} = False", *(f"    out.{a} = 0" for a in scalars)]

    def field(self, member: str, spec: dict[str, Any], where: str, instance: bool) -> None:
        allowed = {"type", "size", "if", "valid", "enum", "contents"}
        if spec.get("type") in ("str", "strz") and "size" in spec:
            allowed.add("encoding")  # (read as a span: its bytes, not decoded)
        self.check_keys(spec, where, allowed | ({"pos"} if instance else {"size-eos"}))
        if "size-eos" in spec and (spec["size-eos"] is not True or "size" in spec):
            raise KsyUnsupported(self.spec.path, where, f"size-eos {spec['size-eos']!r}")
        body: list[str] = []
        if instance:
            pos = self.expr(spec["pos"], f"{where}/pos") if "pos" in spec else None
            if pos is None:
                raise KsyUnsupported(self.spec.path, where, "instance without value or pos")
            body.append(f"at = start + {pos.code}")
        at = "at" if instance else "pos"
        known = len(self.attrs)
        if "contents" in spec:
            body += self.contents(spec["contents"], at, where)
        elif int_type(self.spec, spec.get("type")) and "size" not in spec:
            body += self.integer(member, spec, at, where)
        elif ("size" in spec or "size-eos" in spec) and (
                spec.get("type") is None or not instance):
            body += self.span(member, spec, at, where)
        else:
            body += self.nested(member, spec, at, where)
        scalars = [a.name for a in self.attrs[known:] if a.scalar]
        self.conditional(member, spec, where, body, scalars)

    def contents(self, contents: Any, at: str, where: str) -> list[str]:
        if not isinstance(contents, list) or not all(isinstance(b, int) for b in contents):
            raise KsyUnsupported(self.spec.path, where, f"contents {contents!r}")
        checks = " or ".join(f"data[{at} + {i}] != {b}" for i, b in enumerate(contents))
        return [f"if {at} + {len(contents)} > end:", f"    return {TRUNCATED}",
                f"if {checks}:", f"    return {INVALID}", f"{at} += {len(contents)}"]

    def span(self, member: str, spec: dict[str, Any], at: str, where: str) -> list[str]:
        """A ``size`` span, or a ``size-eos`` one: the rest of the type's stream (``end``:
        a type read in place, with no ``size``, shares its parent's)."""
        size = (f"end - {at}" if "size-eos" in spec
                else self.expr(spec["size"], f"{where}/size").code)
        self.attrs += [Attr(f"{member}_at", "cython.Py_ssize_t", member=member),
                       Attr(f"{member}_size", "cython.Py_ssize_t", member=member)]
        return [f"n = {size}", "if n < 0:", f"    return {INVALID}",
                f"if {at} + n > end:", f"    return {TRUNCATED}",
                f"out.{member}_at = {at}", f"out.{member}_size = n", f"{at} += n"]

    def integer(self, member: str, spec: dict[str, Any], at: str, where: str) -> list[str]:
        size, signed, endian = int_type(self.spec, spec["type"])  # type: ignore[misc]
        if size == 8 and signed:
            raise KsyUnsupported(self.spec.path, where, "s8")
        self.attrs.append(Attr(member, "cython.ulonglong" if size == 8 else "cython.longlong",
                               unsigned=not signed))
        read = self.gen.reader(size, signed, endian)
        lines = [f"if {at} + {size} > end:", f"    return {TRUNCATED}",
                 f"out.{member} = {read}(data, {at})"]
        if self.gen.crc_field.get(self.key) == member or member in self.gen.positions.get(
                self.key, ()):
            self.attrs.append(Attr(f"{member}_at", "cython.Py_ssize_t", member=member))
            lines.append(f"out.{member}_at = {at}")
        lines.append(f"{at} += {size}")
        return lines + self.valid(member, spec.get("valid"), where)

    def valid(self, member: str, valid: Any, where: str) -> list[str]:
        if valid is None:
            return []
        if not isinstance(valid, dict):
            valid = {"eq": valid}
        checks = {"min": "<", "max": ">", "eq": "!="}
        if set(valid) - set(checks):
            raise KsyUnsupported(self.spec.path, f"{where}/valid", f"{sorted(valid)}")
        lines = []
        for key, op in checks.items():
            if key in valid:
                bound = self.expr(valid[key], f"{where}/valid/{key}")
                lines += [f"if out.{member} {op} {bound.code}:", f"    return {INVALID}"]
        return lines

    def user_type(self, type_ref: Any) -> tuple[str, list[str]] | None:
        """(key, argument expressions) of a user type reference, None if not one."""
        if not isinstance(type_ref, str) or int_type(self.spec, type_ref):
            return None
        m = re.match(r"^([\w:]+)(?:\((.*)\))?$", type_ref)
        if not m:
            return None
        args = [a.strip() for a in m.group(2).split(",")] if m.group(2) else []
        return self.gen.resolve_type(self.spec, m.group(1)), args

    def nested(self, member: str, spec: dict[str, Any], at: str, where: str) -> list[str]:
        sub = self.user_type(spec.get("type"))
        if sub is None:
            raise KsyUnsupported(self.spec.path, where, f"type {spec.get('type')!r}")
        other = self.gen.compile_type(sub[0], None)
        self.attrs.append(Attr(member, other.cls, other.key))
        args = [self.expr(a, f"{where}/type").code for a in sub[1]]
        names = list(other.params)
        call_args = [args[names.index(p)] for p in other.used_params]
        bound = "end"
        lines = []
        if "size" in spec:
            size = self.expr(spec["size"], f"{where}/size")
            lines += [f"n = {size.code}", "if n < 0:", f"    return {INVALID}",
                      f"if {at} + n > end:", f"    return {TRUNCATED}"]
            bound = f"{at} + n"
        call = ", ".join(["data", at, bound, *call_args, f"out.{member}"])
        lines += [f"if out.{member} is None:  # made on first use, then reused",
                  f"    out.{member} = {other.cls}()",
                  f"r = read_{other.gen_name}({call})", "if r < 0:", "    return r"]
        if "size" in spec:
            return [*lines, f"{at} += n"]
        return [*lines, f"{at} = r"]

    @property
    def gen_name(self) -> str:
        return self.gen.func_name(self.key)

    def signature(self) -> list[str]:
        params = []
        for p in self.used_params:
            ptype = self.params[p].get("type")
            if ptype == "bool":
                params.append(f"p_{p}: cython.bint")
            elif int_type(self.spec, ptype):
                params.append(f"p_{p}: cython.longlong")
            else:
                raise KsyUnsupported(self.spec.path, f"{self.spec.where(self.name)}/params",
                                     f"param {p!r} of type {ptype!r}")
        return params


# -- the generator -------------------------------------------------------------------------

class Generator:
    """Compiles one :class:`Module`."""

    def __init__(self, specs: dict[str, Spec], module: Module) -> None:
        self.specs, self.module = specs, module
        self.root = specs[module.spec]
        self.compiled: dict[str, TypeCompiler] = {}
        self.order: list[TypeCompiler] = []
        self.consts: dict[tuple[str, str], str] = {}
        self.const_code: list[str] = []
        self.readers: dict[str, str] = {}
        self.crc_field = {f"{module.spec}::{t}": f for t, f in module.frames.items()}
        self.positions = {f"{module.spec}::{t}": m for t, m in module.positions.items()}

    def resolve_type(self, spec: Spec, ref: str) -> str:
        parts = ref.split("::")
        if len(parts) == 1:
            if spec.type_def(ref) is not None:
                return f"{spec.id}::{ref}"
            if ref in self.imports(spec):  # an imported spec's top-level type
                return f"{ref}::{ref}"
            raise KsyUnsupported(spec.path, "/types", f"type {ref!r}")
        if len(parts) == 2 and parts[0] in self.imports(spec):
            return ref
        raise KsyUnsupported(spec.path, "/types", f"type {ref!r}")

    def imports(self, spec: Spec) -> list[str]:
        return [spec.id, *spec.doc["meta"].get("imports", [])]

    def enum_value(self, spec: Spec, ref: str, where: str) -> int:
        parts = ref.split("::")
        if len(parts) == 3 and parts[0] in self.imports(spec):
            owner, enum, name = self.specs[parts[0]], parts[1], parts[2]
        elif len(parts) == 2:
            owner, enum, name = spec, parts[0], parts[1]
        else:
            raise KsyUnsupported(spec.path, where, f"enum reference {ref!r}")
        values = owner.doc.get("enums", {}).get(enum, {})
        for number, label in values.items():
            if (label["id"] if isinstance(label, dict) else label) == name:
                return int(number)
        raise KsyUnsupported(spec.path, where, f"enum constant {ref!r} not found")

    def class_name(self, key: str) -> str:
        return camel(key.split("::")[1])

    def func_name(self, key: str) -> str:
        return key.split("::")[1]

    def const(self, code: str) -> str:
        name = f"_CONST_{len(self.const_code)}"
        self.const_code.append(f"{name} = {code}")
        return name

    def reader(self, size: int, signed: bool, endian: str) -> str:
        name = f"_{'s' if signed else 'u'}{size}{endian}"
        if name not in self.readers:
            self.readers[name] = reader_source(name, size, signed, endian)
        return name

    def compile_type(self, key: str, members: list[str] | None) -> TypeCompiler:
        if key in self.compiled:
            return self.compiled[key]
        spec_id, name = key.split("::")
        tc = TypeCompiler(self, self.specs[spec_id], name, members)
        self.compiled[key] = tc
        tc.compile()
        self.order.append(tc)
        return tc

    def run(self) -> str:
        for name, members in self.module.types.items():
            self.compile_type(f"{self.module.spec}::{name}", members)
        parts = [header_source(self.module), *self.readers.values(), *self.const_code]
        for tc in self.order:
            parts += [*fixed_size_source(tc), class_source(tc), read_source(tc)]
        for name in self.module.frames:
            parts.append(frame_source(self.compiled[f"{self.module.spec}::{name}"], self))
        for name in self.module.scans:
            parts.append(scan_source(self.compiled[f"{self.module.spec}::{name}"]))
        return "\n\n\n".join(wrap_lines(p.rstrip("\n")) for p in parts) + "\n"


# -- the output ----------------------------------------------------------------------------

def wrap_lines(code: str, width: int = 100) -> str:
    """``code`` with each line longer than ``width`` broken at spaces inside parentheses
    (the generated expressions are fully parenthesised and hold no strings)."""
    out = []
    for line in code.split("\n"):
        indent = " " * (len(line) - len(line.lstrip()) + 8)
        depth = 0
        while len(line) > width:
            cut, depth = break_at(line, width, depth)
            if cut is None:
                break
            out.append(line[:cut].rstrip())
            line = indent + line[cut:].lstrip()
        out.append(line)
    return "\n".join(out)


def break_at(line: str, width: int, depth: int) -> tuple[int | None, int]:
    """The last space before ``width`` inside brackets (``depth`` open at the start of
    the line), outside quotes, or None; and the brackets open there."""
    quote, best, best_depth = "", None, depth
    for i, ch in enumerate(line[:width]):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == " " and depth > 0:
            best, best_depth = i, depth
    return best, best_depth


def header_source(module: Module) -> str:
    zlib = "\nimport zlib\n" if module.frames else ""
    return f'''"""Readers of ksy/{module.spec}.ksy's hot structures, compiled by Cython.

Generated by tools/ksy_fast.py (``make generate``): do not edit. See that module for what
each ``read_*`` and ``frame_*`` does and the subset of KSY it compiles.
"""

from __future__ import annotations
{zlib}
import cython

COMPILED: bool = cython.compiled
"""Whether this is the C extension (False: this file, run as plain Python)."""
TRUNCATED = {TRUNCATED}
"""The bytes end before the structure (the Kaitai parser raises EOFError)."""
INVALID = {INVALID}
"""A ``valid`` or ``contents`` check failed, or a size is negative."""'''


def reader_source(name: str, size: int, signed: bool, endian: str) -> str:
    order = range(size) if endian == "le" or size == 1 else range(size - 1, -1, -1)
    terms = [f"cython.cast(cython.ulonglong, data[pos + {i}]) << {8 * k}"
             for k, i in enumerate(order)]
    code = " | ".join(terms) if size > 1 else "data[pos]"
    byteorder = "big" if endian == "be" else "little"
    lines = ["@cython.cfunc", "@cython.inline", "@cython.exceptval(check=False)",
             f"def {name}(data: bytes, pos: cython.Py_ssize_t"
             f") -> cython.{'longlong' if signed else 'ulonglong'}:",
             "    value: cython.ulonglong"]
    if size == 1:
        lines.append(f"    value = {code}")
    else:
        lines += ["    if cython.compiled:", f"        value = {code}",
                  "    else:  # as plain Python, one call, not one cast a byte",
                  f"        value = int.from_bytes(data[pos:pos + {size}], {byteorder!r})"]
    if signed:
        top = 1 << (8 * size)
        lines += [f"    if value >= {top >> 1}:",
                  f"        return cython.cast(cython.longlong, value) - {top}"]
    return "\n".join([*lines, "    return value"])


def fixed_size_source(tc: TypeCompiler) -> list[str]:
    """``<TYPE>_FIXED_SIZE``: the bytes of the type's seq up to its first member that is
    conditional or not of a fixed size (none when that is its first)."""
    size = 0
    for spec in tc.seq.values():
        known = int_type(tc.spec, spec.get("type")) if "size" not in spec else None
        if "if" in spec or not (known or isinstance(spec.get("contents"), list)):
            break
        size += known[0] if known else len(spec["contents"])
    if not size:
        return []
    return [f"{tc.name.upper()}_FIXED_SIZE = {size}\n\"\"\"Bytes of ``{tc.spec.id}::{tc.name}``'s "
            "seq before its first\nconditional or variable-size member.\"\"\""]


def class_source(tc: TypeCompiler) -> str:
    doc = (tc.tdef.get("doc") or "").strip().split("\n\n")[0]
    lines = ["@cython.cclass", f"class {tc.cls}:",
             f'    """``{tc.spec.id}::{tc.name}`` of ksy/{tc.spec.id}.ksy.', "",
             *(f"    {line}" for line in doc.split("\n")), '    """', ""]
    for attr in tc.attrs:
        lines.append(f'    {attr.name} = cython.declare({attr.ctype}, visibility="public")')
    if not tc.attrs:
        lines.append("    pass")
    return "\n".join(lines)


def read_source(tc: TypeCompiler) -> str:
    params = "".join(f", {p}" for p in tc.signature())
    lines = ["@cython.ccall",
             f"def read_{tc.gen_name}(data: bytes, "
             f"pos: cython.Py_ssize_t, end: cython.Py_ssize_t{params}, out: {tc.cls}"
             ") -> cython.Py_ssize_t:",
             f'    """Read ``{tc.spec.id}::{tc.name}`` at ``data[pos:end]`` into ``out``:',
             '    the position after it, or TRUNCATED or INVALID."""',
             ]
    body = "\n".join(tc.lines)
    for local, initial in (("start", "pos"), ("at", "pos"), ("n", "0"), ("r", "0")):
        if re.search(rf"\b{local}\b", body):
            lines.append(f"    {local}: cython.Py_ssize_t = {initial}")
    lines += ["    if pos < 0:", f"        return {INVALID}",
              "    if end > len(data):  # (the compiled code checks no bounds but these)",
              "        end = len(data)"]
    lines += ["    " + line for line in tc.lines]
    lines.append("    return pos")
    return "\n".join(lines)


def flat_columns(tc: TypeCompiler, prefix: str = "") -> list[tuple[str, str]]:
    """(column name, attribute path) of every scalar member of a type, nested flattened;
    an absent optional member is -1 in its column."""
    columns = []
    for attr in tc.attrs:
        path = f"{prefix}{attr.name}"
        if attr.name.startswith("has_"):
            continue
        if attr.scalar:
            if attr.ctype == "cython.ulonglong":
                raise KsyUnsupported(tc.spec.path, f"{tc.spec.where(tc.name)}/{attr.name}",
                                     "a u8 member in a frame's int64 columns")
            columns.append((path.replace(".", "_"), path))
        elif not any(a.name == f"has_{attr.name}" for a in tc.attrs):
            columns += flat_columns(tc.gen.compiled[attr.key], f"{path}.")
    return columns


def frame_source(tc: TypeCompiler, gen: Generator) -> str:
    crc = gen.module.frames[tc.name]
    columns = flat_columns(tc)
    names = ["pos", *(c for c, _ in columns), f"{crc}_ok"]
    params = "".join(f", {p}" for p in tc.signature())
    args = "".join(f", p_{p}" for p in tc.used_params)
    upper = tc.name.upper()
    lines = [f"{upper}_COLUMNS = (", *(f"    {n!r}," for n in names), ")",
             f'"""The columns of :func:`frame_{tc.name}`\'s table, in order."""', "", "",
             f"def frame_{tc.name}(source: object, pos: cython.Py_ssize_t, end: "
             f"cython.Py_ssize_t{params}, table: cython.longlong[:, ::1], check: cython.bint "
             "= True) -> tuple:",
             f'    """Frame the {tc.name}s of ``source[pos:end]`` back to back (``repeat: eos``)',
             "    into ``table``'s rows (one a column, one table column an event) until ``end``,",
             "    a full ``table``, or one that does not fit or is invalid: (count, position",
             "    after the last, 0 or that one's TRUNCATED or INVALID). Absent members are -1;",
             f'    ``{crc}_ok`` is whether ``{crc}`` is the CRC32 of every byte before it (-1',
             f'    without ``check``: the {crc} is not computed)."""',
             "    data: bytes = source if type(source) is bytes else bytes(source)",
             "    view = memoryview(source)",
             f"    out: {tc.cls} = {tc.cls}()",
             "    count: cython.Py_ssize_t = 0",
             "    capacity: cython.Py_ssize_t = table.shape[1]",
             "    r: cython.Py_ssize_t = 0",
             "    while pos < end and count < capacity:",
             f"        r = read_{tc.gen_name}(data, pos, end{args}, out)",
             "        if r < 0:",
             "            return count, pos, r",
             "        table[0, count] = pos"]
    for i, (_name, path) in enumerate(columns, start=1):
        lines += frame_cell(tc, path, i)
    lines += [f"        if check and out.has_{crc}:",
              f"            table[{len(names) - 1}, count] = "
              f"zlib.crc32(view[pos:out.{crc}_at]) == out.{crc}",
              "        else:", f"            table[{len(names) - 1}, count] = -1",
              "        count += 1", "        pos = r", "    return count, pos, 0"]
    return "\n".join(lines)


def scan_source(tc: TypeCompiler) -> str:
    """``scan_<type>``: the type read at every offset of a window, the reads that succeed
    kept (where a damaged file's events may start)."""
    columns = flat_columns(tc)
    params = "".join(f", {p}" for p in tc.signature())
    args = "".join(f", p_{p}" for p in tc.used_params)
    upper = tc.name.upper()
    lines = [f"{upper}_COLUMNS = (", "    'pos',", *(f"    {c!r}," for c, _ in columns), ")",
             f'"""The columns of :func:`scan_{tc.name}`\'s table, in order."""', "", "",
             f"def scan_{tc.name}(source: object, pos: cython.Py_ssize_t, end: "
             f"cython.Py_ssize_t{params}, table: cython.longlong[:, ::1]) -> int:",
             f'    """Read a {tc.name} at every offset of ``source[pos:end]`` (each within',
             "    ``end``) into ``table``'s rows (one a column, one table column an offset) for",
             "    each that reads (neither TRUNCATED nor INVALID), up to a full ``table``: how",
             '    many. Absent members are -1."""',
             "    data: bytes = source if type(source) is bytes else bytes(source)",
             f"    out: {tc.cls} = {tc.cls}()",
             "    count: cython.Py_ssize_t = 0",
             "    capacity: cython.Py_ssize_t = table.shape[1]",
             "    at: cython.Py_ssize_t",
             "    for at in range(pos, end):",
             "        if count == capacity:",
             "            break",
             f"        if read_{tc.gen_name}(data, at, end{args}, out) < 0:",
             "            continue",
             "        table[0, count] = at"]
    for i, (_name, path) in enumerate(columns, start=1):
        lines += frame_cell(tc, path, i)
    return "\n".join([*lines, "        count += 1", "    return count"])


def frame_cell(tc: TypeCompiler, path: str, row: int) -> list[str]:
    owner, parts = tc, path.split(".")
    for part in parts[:-1]:
        attr = next(a for a in owner.attrs if a.name == part)
        owner = tc.gen.compiled[attr.key]
    attr = next(a for a in owner.attrs if a.name == parts[-1])
    has = f"has_{attr.member or attr.name}"
    if any(a.name == has for a in owner.attrs):
        prefix = ".".join(["out", *parts[:-1], has])
        return [f"        table[{row}, count] = out.{path} if {prefix} else -1"]
    return [f"        table[{row}, count] = out.{path}"]


def generate(ksy_dir: Path, out_dir: Path) -> list[Path]:
    """Write every module of :data:`MODULES` (and the package's ``__init__``)."""
    specs = load_specs(ksy_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    written = [out_dir / "__init__.py"]
    written[0].write_text('"""Compiled readers of ksy/, generated by tools/ksy_fast.py."""\n')
    for module in MODULES:
        path = out_dir / f"{module.spec}.py"
        path.write_text(Generator(specs, module).run())
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ksy_dir", type=Path)
    parser.add_argument("out_dir", type=Path)
    args = parser.parse_args(argv)
    try:
        generate(args.ksy_dir, args.out_dir)
    except KsyUnsupported as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
