"""`--help` as people read it. Typer labels each value with its Python type (`<str>`,
`<list[Path]>`, and `<bool>` on flags, which take no value at all); `ofb` shows click's
readable metavars instead (TEXT, INTEGER, PATH ..., table|json, nothing on a flag) and
help paragraphs that flow rather than keep the line breaks of the docstrings."""

from __future__ import annotations

import re
from typing import Any, cast

from typer.core import TyperArgument, TyperGroup, TyperOption

# Typer's label for a value's type, and what a reader is shown instead.
_WORDS = {
    "str": "TEXT",
    "int": "INTEGER",
    "int range": "INTEGER",
    "float": "NUMBER",
    "float range": "NUMBER",
    "path": "PATH",
    "Path": "PATH",
    "file": "FILE",
    "directory": "DIR",
    "datetime": "DATE",
}
# A line break inside a paragraph, but not one that starts a list item.
_BREAK = re.compile(r"(?<=\S)[ \t]*\n[ \t]*(?=[^\s\-*•])")


def readable(label: str | None) -> str | None:
    """`<list[Path]>` → `PATH ...`, `<str>` → `TEXT`, `<table|json>` → `table|json`."""
    if not label:
        return None
    inner = label[1:-1] if label.startswith("<") and label.endswith(">") else label
    many = re.fullmatch(r"list\[(.*)\]", inner)
    if many:
        one = readable(f"<{many.group(1)}>")
        return f"{one} ..." if one else None
    if inner == "bool":
        return None
    return _WORDS.get(inner, inner if "|" in inner else inner.upper())


class ReadableOption(TyperOption):
    shown_type: str | None = None

    def display_type_rich(self, ctx: Any) -> str | None:
        return self.metavar if self.metavar is not None else self.shown_type


class ReadableArgument(TyperArgument):
    shown_type: str | None = None

    def display_type_rich(self, ctx: Any) -> str | None:
        return self.shown_type


def flowing(text: str | None) -> str | None:
    """A docstring's paragraphs as paragraphs: its single line breaks become spaces."""
    return _BREAK.sub(" ", text) if text else text


def make_readable(command: Any) -> None:
    """Every parameter of `command` and of its subcommands, and their `--help`, labelled
    for people; their help texts flowing."""
    if not hasattr(TyperOption, "display_type"):
        return  # a typer before 0.29 labels values as click does (TEXT, PATH) already
    from typer._click.core import Context

    ctx = Context(command)
    params = list(command.params)
    help_option = command.get_help_option(ctx)
    if help_option is not None:
        params.append(help_option)
    for param in params:
        if isinstance(param, TyperOption) and not isinstance(param, ReadableOption):
            flag = param.is_flag or param.count
            shown = None if flag else readable(param.display_type(ctx))
            param.__class__ = ReadableOption
            cast(ReadableOption, param).shown_type = shown
        elif isinstance(param, TyperArgument) and not isinstance(param, ReadableArgument):
            shown = readable(param.display_type(ctx))
            if param.metavar is None and param.name:
                param.metavar = param.name.upper()
            param.__class__ = ReadableArgument
            cast(ReadableArgument, param).shown_type = shown
    command.help = flowing(command.help)
    command.short_help = flowing(command.short_help)
    for sub in getattr(command, "commands", {}).values():
        make_readable(sub)


class ReadableGroup(TyperGroup):
    """The `ofb` command, with every verb's help made readable once it is built."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        make_readable(self)
