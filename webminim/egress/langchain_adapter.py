"""LangChain: a tool proxy and an agent middleware that minimize tool-call arguments.

    safe_tool = minimize_tool(weather_tool, task="...")                 # proxy one tool
    agent = create_agent(model, tools, middleware=[ToolMinimizeMiddleware(task="...")])

Both read each tool's JSON Schema from LangChain (`tool.get_input_jsonschema()`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from langchain.agents.middleware import AgentMiddleware
from langchain_core.tools import BaseTool, StructuredTool

from webminim.egress.minimizer import MinimizeResult, ToolMinimizer


def _schema_of(tool: BaseTool) -> dict[str, Any]:
    return tool.get_input_jsonschema()


def minimize_tool(
    tool: BaseTool,
    minimizer: ToolMinimizer | None = None,
    *,
    task: str = "",
    task_context: Sequence[str] = (),
    trust: str | None = None,
) -> BaseTool:
    """A tool with the same name, description and schema whose arguments are minimized."""
    minimizer = minimizer if minimizer is not None else ToolMinimizer()
    minimizer.register(tool.name, _schema_of(tool), description=tool.description or "", trust=trust)

    def run(**kwargs: Any) -> Any:
        result = minimizer.minimize(tool.name, kwargs, task=task, task_context=task_context)
        return tool.invoke(result.args)

    async def arun(**kwargs: Any) -> Any:
        result = minimizer.minimize(tool.name, kwargs, task=task, task_context=task_context)
        return await tool.ainvoke(result.args)

    return StructuredTool.from_function(
        func=run, coroutine=arun, name=tool.name, description=tool.description, args_schema=tool.args_schema
    )


class ToolMinimizeMiddleware(AgentMiddleware):
    """Agent middleware: rewrites each tool call's args before the tool runs."""

    def __init__(
        self,
        minimizer: ToolMinimizer | None = None,
        *,
        task: str = "",
        task_context: Sequence[str] = (),
        trust: str | None = None,
    ) -> None:
        super().__init__()
        self.minimizer = minimizer if minimizer is not None else ToolMinimizer()
        self.task = task
        self.task_context = tuple(task_context)
        self.trust = trust
        self.results: list[MinimizeResult] = []

    def _minimized(self, request: Any) -> Any:
        tool = request.tool
        name = request.tool_call["name"]
        if name not in self.minimizer.schemas and tool is not None:
            self.minimizer.register(name, _schema_of(tool), description=tool.description or "", trust=self.trust)
        result = self.minimizer.minimize(
            name, dict(request.tool_call["args"]), task=self.task, task_context=self.task_context
        )
        self.results.append(result)
        return request.override(tool_call={**request.tool_call, "args": result.args})

    def wrap_tool_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        return handler(self._minimized(request))

    async def awrap_tool_call(self, request: Any, handler: Callable[[Any], Awaitable[Any]]) -> Any:
        return await handler(self._minimized(request))
