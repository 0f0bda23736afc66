"""The page's JSON schema (bot/page/schema.py) as JSDoc typedefs, for TypeScript to check the page's JavaScript.

    python -m bot.page.schema --jsdoc > webcheck/schema.js

One `@typedef` a struct (its docstring, its fields by their names on the wire) and one a union. The file is for the
type checker alone (webcheck/tsconfig.json): the page is never sent it. tests/webapp/test_page_types.py fails when
the checked-in file is not what this writes.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterator, Sequence
from typing import Any, get_args

from msgspec import inspect

from bot.page import schema

HEADER = """\
// The Mini App's JSON as the server sends and takes it, generated from bot/page/schema.py by
// `python -m bot.page.schema --jsdoc > webcheck/schema.js`: do not edit by hand. For the type checker alone
// (webcheck/tsconfig.json), never sent to the browser.
"""


def shapes() -> Iterator[type[schema.Shape]]:
    """Every struct of the schema, in the order the module defines them."""
    for value in vars(schema).values():
        if isinstance(value, type) and issubclass(value, schema.Shape) and value is not schema.Shape:
            yield value


def typedefs() -> str:
    """The schema's JSDoc: a typedef a struct, then one a union."""
    parts = [HEADER]
    for shape in shapes():
        info = inspect.type_info(shape)
        assert isinstance(info, inspect.StructType)
        lines = [*_described(shape.__doc__ or ""), f"@typedef {{Object}} {shape.__name__}"]
        if info.tag_field is not None:
            lines.append(f"@property {{{json.dumps(info.tag)}}} {info.tag_field}")
        # a field with a default may be left out of a request, and of an answer that omits defaults
        omitted = shape in schema.REQUESTS or shape.__struct_config__.omit_defaults
        for field in info.fields:
            name = f"[{field.encode_name}]" if omitted and not field.required else field.encode_name
            lines.append(f"@property {{{js_type(field.type)}}} {name}")
        parts.append(_comment(lines))
    for name, union in schema.UNIONS.items():  # of untagged structs, which msgspec's inspect does not take
        parts.append(_comment([f"@typedef {{{' | '.join(part.__name__ for part in get_args(union))}}} {name}"]))
    return "\n".join(parts)


def js_type(kind: inspect.Type) -> str:
    """A msgspec type as TypeScript writes it in JSDoc."""
    match kind:
        case inspect.IntType() | inspect.FloatType():
            return "number"
        case inspect.StrType():
            return "string"
        case inspect.BoolType():
            return "boolean"
        case inspect.NoneType():
            return "null"
        case inspect.AnyType():
            return "any"
        case inspect.ListType() | inspect.VarTupleType():
            return f"Array<{js_type(kind.item_type)}>"
        case inspect.TupleType():
            return f"[{', '.join(js_type(item) for item in kind.item_types)}]"
        case inspect.DictType():
            return f"Object<{js_type(kind.key_type)}, {js_type(kind.value_type)}>"
        case inspect.LiteralType():
            return _values(kind.values)
        case inspect.EnumType():
            return _values([member.value for member in kind.cls])
        case inspect.UnionType():
            return "|".join(js_type(item) for item in kind.types)
        case inspect.StructType():
            return kind.cls.__name__
    raise TypeError(f"no JSDoc for {kind!r}")


def _values(values: Sequence[Any]) -> str:
    return "|".join(json.dumps(value.value if isinstance(value, enum.Enum) else value) for value in values)


def _described(doc: str) -> list[str]:
    """A docstring as the comment's lines: one paragraph, wrapped at 110 characters."""
    words, lines, line = doc.split(), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > 110:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line] if line else lines


def _comment(lines: list[str]) -> str:
    return "/**\n" + "".join(f" * {line}\n" for line in lines) + " */"


def main(args: Sequence[str]) -> int:
    """`--jsdoc`: print the typedefs."""
    if list(args) != ["--jsdoc"]:
        print("usage: python -m bot.page.schema --jsdoc > webcheck/schema.js")
        return 2
    print(typedefs(), end="")
    return 0
