"""An incremental reader of server-sent events (both model APIs stream with them)."""

from __future__ import annotations

import json
from collections.abc import Iterator


class SSEReader:
    """Feed bytes as they pass; get (event name, parsed data) for each complete event.
    Data that is not JSON is returned as a string."""

    def __init__(self) -> None:
        self._buffer = b""

    def feed(self, chunk: bytes) -> Iterator[tuple[str, object]]:
        self._buffer += chunk.replace(b"\r\n", b"\n")
        while b"\n\n" in self._buffer:
            raw, self._buffer = self._buffer.split(b"\n\n", 1)
            event, data = "message", []
            for line in raw.decode("utf-8", errors="replace").split("\n"):
                if line.startswith("event:"):
                    event = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].lstrip())
            if not data:
                continue
            text = "\n".join(data)
            try:
                yield event, json.loads(text)
            except ValueError:
                yield event, text
