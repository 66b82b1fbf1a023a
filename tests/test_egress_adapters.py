"""The egress adapters against the real libraries: an MCP server and client session over
in-memory streams, and LangChain tools / agent middleware."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from langchain_core.tools import tool
from mcp import ClientSession
from mcp.server.mcpserver import MCPServer
from mcp.shared.memory import create_client_server_memory_streams

from webminim.egress.langchain_adapter import ToolMinimizeMiddleware, minimize_tool
from webminim.egress.mcp_adapter import MinimizingSession
from webminim.errors import EgressError

ADDRESS = "Memorial Sloan Kettering Cancer Center, 1275 York Ave, New York, NY 10065"


def weather_server(received: list[str]) -> MCPServer:
    server = MCPServer("weather")

    @server.tool()
    def get_weather(location: str, units: str = "metric") -> str:
        """Current weather for a city."""
        received.append(location)
        return f"Sunny in {location}"

    return server


async def with_session(server: MCPServer, body: Any) -> Any:
    """Run `body(session)` against `server` over in-memory streams (the real MCP stack)."""
    low = server._lowlevel_server
    streams = create_client_server_memory_streams()
    async with streams as (client, served), anyio.create_task_group() as tg:
        tg.start_soon(lambda: low.run(served[0], served[1], low.create_initialization_options()))
        async with ClientSession(client[0], client[1]) as session:
            await session.initialize()
            result = await body(session)
        tg.cancel_scope.cancel()
    return result


def test_mcp_call_reaches_the_server_minimized():
    received: list[str] = []

    async def body(raw: ClientSession) -> Any:
        session = MinimizingSession(raw, task="What's the weather for my trip?")
        result = await session.call_tool("get_weather", {"location": ADDRESS})
        return session.last, result

    last, result = anyio.run(with_session, weather_server(received), body)
    # the server's schema has no minimum-necessary mark: the weather handler keeps a city
    assert received == ["New York, NY"]
    assert last.cost_before > 0 and last.cost_after == 0
    assert "New York" in result.content[0].text


def test_mcp_call_that_cannot_be_checked_never_reaches_the_server():
    received: list[str] = []

    async def body(raw: ClientSession) -> Any:
        session = MinimizingSession(raw)
        with pytest.raises(EgressError, match="unknown tool"):
            await session.call_tool("launch_rockets", {"target": "moon"})
        return None

    anyio.run(with_session, weather_server(received), body)
    assert received == []


@tool
def book_table(restaurant: str, party_size: int, notes: str = "") -> str:
    """Book a restaurant table."""
    return f"{restaurant}|{party_size}|{notes}"


def test_langchain_tool_proxy_minimizes_arguments():
    safe = minimize_tool(book_table, task="Book a table at Luigi's for 4")
    assert safe.name == "book_table" and safe.args == book_table.args
    out = safe.invoke({"restaurant": "Luigi's", "party_size": 4, "notes": "I'm pregnant, call me at (415) 555-0199"})
    assert out.startswith("Luigi's|4|") and "555-0199" not in out and "pregnant" not in out


def test_langchain_agent_middleware_rewrites_the_tool_call():
    from langchain.agents import create_agent
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage

    class ScriptedModel(GenericFakeChatModel):
        def bind_tools(self, tools: Any, **kwargs: Any) -> ScriptedModel:
            return self

    calls: list[dict[str, Any]] = []

    @tool
    def get_weather(location: str) -> str:
        """Current weather for a city."""
        calls.append({"location": location})
        return "sunny"

    model = ScriptedModel(
        messages=iter(
            [
                AIMessage(
                    content="", tool_calls=[{"name": "get_weather", "args": {"location": ADDRESS}, "id": "call-1"}]
                ),
                AIMessage(content="It is sunny."),
            ]
        )
    )
    middleware = ToolMinimizeMiddleware(task="Weather near my appointment")
    agent = create_agent(model, tools=[get_weather], middleware=[middleware])
    final = agent.invoke({"messages": [{"role": "user", "content": "Weather near my appointment?"}]})
    assert calls == [{"location": "New York, NY"}]
    assert middleware.results and middleware.results[0].cost_after == 0
    assert final["messages"][-1].content == "It is sunny."
