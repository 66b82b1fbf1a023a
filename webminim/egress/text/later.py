"""Work that may be done early, while this thread would otherwise wait.

The pattern detectors need no model. Handed to the model as work to do while its second
stage's network computes on ONNX Runtime's threads (which hold no Python lock), they cost a
message nothing extra beside it; when the network does not run, they are done afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Later(Generic[T]):
    """`work`, done once: by `run()` (when the chance comes; it never raises) or by `result()`."""

    def __init__(self, work: Callable[[], T]) -> None:
        self._work = work
        self._done = False
        self._value: T | None = None
        self._error: BaseException | None = None

    def run(self) -> None:
        if self._done:
            return
        self._done = True
        try:
            self._value = self._work()
        except Exception as exc:  # noqa: BLE001 - kept for result(), which raises it where it is asked for
            self._error = exc

    def result(self) -> T:
        self.run()
        if self._error is not None:
            raise self._error
        return self._value  # type: ignore[return-value]
