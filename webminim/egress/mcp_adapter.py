"""MCP client side: every `call_tool` goes through the ToolMinimizer first.

    async with ClientSession(read, write) as raw:
        await raw.initialize()
        session = MinimizingSession(raw, task="What's the weather at my appointment?")
        result = await session.call_tool("get_weather", {"location": "1275 York Ave, NY 10065"})

Schemas come from the server's `list_tools` (loaded on first call). A call that cannot be
minimized raises EgressError and never reaches the server (fail-closed by default).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from webminim.egress.minimizer import MinimizeResult, ToolMinimizer


class MinimizingSession:
    """A drop-in for `mcp.ClientSession` whose tool calls carry minimized arguments."""

    def __init__(
        self,
        session: Any,
        minimizer: ToolMinimizer | None = None,
        *,
        task: str = "",
        task_context: Sequence[str] = (),
        trust: str | None = None,
    ) -> None:
        self.session = session
        self.minimizer = minimizer if minimizer is not None else ToolMinimizer()
        self.task = task
        self.task_context = tuple(task_context)
        self.trust = trust
        self.last: MinimizeResult | None = None
        self._loaded = False

    async def refresh_tools(self) -> None:
        listing = await self.session.list_tools()
        for tool in listing.tools:
            schema = getattr(tool, "input_schema", None) or getattr(tool, "inputSchema", None) or {}
            self.minimizer.register(tool.name, schema, description=tool.description or "", trust=self.trust)
        self._loaded = True

    async def call_tool(self, name: str, arguments: dict[str, Any] | None = None, *args: Any, **kwargs: Any) -> Any:
        if not self._loaded or name not in self.minimizer.schemas:
            await self.refresh_tools()
        self.last = self.minimizer.minimize(name, arguments or {}, task=self.task, task_context=self.task_context)
        return await self.session.call_tool(name, self.last.args, *args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.session, name)
