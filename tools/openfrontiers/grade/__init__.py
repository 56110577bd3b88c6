"""Grading: the static layer (`static`), the packet-side checker (`local`), and the rest of
the grader. This package's `static` and `local` modules are vendored into solver packets,
so they import nothing beyond the lexer and the scanner."""
