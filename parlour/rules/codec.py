"""JSON codec for records (actions, events, states): `encode` to plain JSON values, `decode` back.

Decoding is strict: the `type` must be one the caller names, every field must be present with
the right JSON type, and no extra key is allowed. It never evaluates anything it reads.
"""

from __future__ import annotations

import dataclasses
import json
import re
import types
import typing
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, NoReturn, TypeVar, overload

from .records import Action, Record


class CodecError(ValueError):
    """Data that does not decode into a known record."""


def encode(value: object) -> object:
    """A record (or any dataclass or NamedTuple value, such as a state), tuple or plain value as
    JSON-ready data; records get a "type" key."""
    if isinstance(value, Record) or _has_fields(type(value)):
        cls: type = type(value)
        data: dict[str, object] = {"type": cls.__name__}
        for name in _field_names(cls):
            data[name] = encode(getattr(value, name))  # (getattr: its declared fields, by name)
        return data
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a NamedTuple state
        return {"type": type(value).__name__, **{k: encode(v) for k, v in zip(value._fields, value)}}
    if isinstance(value, (tuple, list)):
        return [encode(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): encode(item) for key, item in value.items()}
    return value


R = TypeVar("R", bound=Record)


@overload
def decode(data: object, kinds: Mapping[str, type]) -> Record: ...


@overload
def decode(data: object, kinds: Mapping[str, type], base: type[R]) -> R: ...


def decode(data: object, kinds: Mapping[str, type], base: type[Record] = Record) -> Record:
    """Data made by `encode` back into a record whose type is in `kinds` and subclasses `base`."""
    return _decode_record(data, kinds, base, "")


# ---- internals ----------------------------------------------------------------------------


def _has_fields(cls: type) -> bool:
    """A dataclass (records, parts of a state)."""
    return dataclasses.is_dataclass(cls)


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


@cache
def _hints(cls: type) -> tuple[tuple[str, object], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((name, hints[name]) for name in _field_names(cls))


def _where(path: str) -> str:
    return f" at {path}" if path else ""


def _decode_record(data: object, kinds: Mapping[str, type], base: type, path: str) -> Record:
    if not isinstance(data, dict):
        raise CodecError(f'expected an object with a "type"{_where(path)}')
    name = data.get("type")
    cls = kinds.get(name) if isinstance(name, str) else None
    if cls is None or not issubclass(cls, base):
        raise CodecError(f"unknown {base.__name__.lower()} type {name!r}{_where(path)}")
    return _decode_fields(cls, data, kinds, path)


def _decode_fields(cls: type, data: dict[str, object], kinds: Mapping[str, type], path: str) -> Record:
    fields, expected = _fields_decoder(cls)
    if len(data) != len(expected) or not expected.issuperset(data):
        extra = set(data) - expected
        if extra:
            raise CodecError(f"unexpected field {sorted(extra)[0]!r} in {cls.__name__}{_where(path)}")
    values = {}
    for name, decode_value in fields:
        if name not in data:
            raise CodecError(f"missing field {name!r} in {cls.__name__}{_where(path)}")
        values[name] = decode_value(data[name], kinds, f"{path}.{name}" if path else name)
    record: Record = cls(**values)  # `cls` subclasses Record: _decode_record and _decoder check it
    return record


# Decoders are built once per type hint (and per record class), not worked out from the hint for
# every value read: a long save decodes hundreds of thousands of values.

Decoder = Callable[[object, Mapping[str, type], str], object]  # the JSON value read, and what it holds


@cache
def _fields_decoder(cls: type) -> tuple[tuple[tuple[str, Decoder], ...], frozenset[str]]:
    fields = tuple((name, _decoder(hint)) for name, hint in _hints(cls))
    return fields, frozenset(name for name, _ in fields) | {"type"}


def _decode_int(data: object, kinds: Mapping[str, type], path: str) -> int:
    if type(data) is not int:
        raise CodecError(f"expected an integer{_where(path)}")
    return data


def _decode_str(data: object, kinds: Mapping[str, type], path: str) -> str:
    if not isinstance(data, str):
        raise CodecError(f"expected a string{_where(path)}")
    return data


def _decode_bool(data: object, kinds: Mapping[str, type], path: str) -> bool:
    if not isinstance(data, bool):
        raise CodecError(f"expected true or false{_where(path)}")
    return data


def _decode_none(data: object, kinds: Mapping[str, type], path: str) -> None:
    if data is not None:
        raise CodecError(f"expected null{_where(path)}")
    return None


@cache
def _decoder(hint: object) -> Decoder:
    """The function that decodes (and checks) a JSON value of type `hint`."""
    plain = {int: _decode_int, str: _decode_str, bool: _decode_bool, type(None): _decode_none}
    if isinstance(hint, type) and hint in plain:
        return plain[hint]
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        options = tuple(_decoder(option) for option in typing.get_args(hint))

        def decode_union(data: object, kinds: Mapping[str, type], path: str) -> object:
            errors = []
            for option in options:
                try:
                    return option(data, kinds, path)
                except CodecError as error:
                    errors.append(str(error))
            raise CodecError(errors[-1])

        return decode_union
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _decoder(args[0])

            def decode_tuple(data: object, kinds: Mapping[str, type], path: str) -> object:
                if not isinstance(data, list):
                    raise CodecError(f"expected a list{_where(path)}")
                return tuple(item(value, kinds, f"{path}[{i}]") for i, value in enumerate(data))

            return decode_tuple
        items = tuple(_decoder(arg) for arg in args)

        def decode_fixed(data: object, kinds: Mapping[str, type], path: str) -> object:
            if not isinstance(data, list):
                raise CodecError(f"expected a list{_where(path)}")
            if len(items) != len(data):
                raise CodecError(f"expected a list of {len(items)} items{_where(path)}")
            return tuple(item(value, kinds, f"{path}[{i}]") for i, (item, value) in enumerate(zip(items, data)))

        return decode_fixed
    if isinstance(hint, type) and issubclass(hint, Record):
        if hint in (Action, Record) or not _has_fields(hint):
            return lambda data, kinds, path: _decode_record(data, kinds, hint, path)

        def decode_exact(data: object, kinds: Mapping[str, type], path: str) -> object:
            if not isinstance(data, dict) or data.get("type") != hint.__name__:
                raise CodecError(f"expected a {hint.__name__}{_where(path)}")
            own = kinds.get(hint.__name__)  # a game may extend a shared record under the same name
            return _decode_fields(own if own is not None and issubclass(own, hint) else hint, data, kinds, path)

        return decode_exact

    def cannot(data: object, kinds: Mapping[str, type], path: str) -> NoReturn:
        raise CodecError(f"cannot decode type {hint!r}{_where(path)}")  # a programming error

    return cannot


# ---- reading JSON text with limits --------------------------------------------------------
# Hostile text must not make the reader recurse without end, build huge numbers or keep
# strings that cannot be written back out (lone surrogates). The limits are in docs/PROTOCOL.md.

MAX_DEPTH = 32  # objects and lists inside each other
MAX_NUMBER_DIGITS = 20  # digits in one number: every 64-bit integer fits
MAX_STRING = 4096  # characters in one string (a file path is the longest the protocol takes)

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_LONG_NUMBER = re.compile(rf"\d{{{MAX_NUMBER_DIGITS + 1}}}")


def parse(text: str) -> Any:
    """One JSON value from `text` within the limits above, or CodecError saying what is wrong."""
    if text.count("[") + text.count("{") > MAX_DEPTH and _depth(text) > MAX_DEPTH:
        raise CodecError(f"nested deeper than {MAX_DEPTH} levels")
    # the checks cost time only when the text could break a limit (a long run of digits, a
    # surrogate or an escape for one, a line longer than a string may be)
    decoder = _CAREFUL if _LONG_NUMBER.search(text) else _PLAIN
    try:
        value = decoder.decode(text)
    except json.JSONDecodeError as error:
        raise CodecError(f"not JSON: {error.msg}") from None
    except (ValueError, RecursionError) as error:  # from the hooks below, or Python's own limits
        raise CodecError(str(error) if isinstance(error, CodecError) else "not JSON: a value is too large") from None
    if len(text) > MAX_STRING or _SURROGATE.search(text) or _SURROGATE_ESCAPE.search(text):
        _check_strings(value)
    return value


def _depth(text: str) -> int:
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise CodecError(f"a number has more than {MAX_NUMBER_DIGITS} digits")
    return int(digits)


def _fraction(digits: str) -> float:
    if len(digits) > MAX_NUMBER_DIGITS + 10:
        raise CodecError(f"a number has more than {MAX_NUMBER_DIGITS} digits")
    return float(digits)


def _constant(name: str) -> NoReturn:
    raise CodecError(f"not JSON: {name} is not a number")


def _check_strings(value: object) -> None:
    if isinstance(value, str):
        if len(value) > MAX_STRING:
            raise CodecError(f"a string is longer than {MAX_STRING} characters")
        if _SURROGATE.search(value):
            raise CodecError("a string holds a lone surrogate (\\ud800-\\udfff), which is not text")
    elif isinstance(value, list):
        for item in value:
            _check_strings(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_strings(key)
            _check_strings(item)


# built once: json.loads with any hook builds a new decoder for every line
_PLAIN = json.JSONDecoder(parse_constant=_constant)
_CAREFUL = json.JSONDecoder(parse_constant=_constant, parse_int=_integer, parse_float=_fraction)
