"""Resolvers for schema.graphql, attached to the schema built from it.

Every slow thing is an asyncio sleep, so parts of a streamed response really arrive later.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from typing import Any, AsyncIterator

from graphql import GraphQLError, GraphQLSchema

MAX_SLEEP_MS = 60_000
MAX_ITEMS = 100_000


class ServerState:
    """What resolvers remember between requests: the greeting, init payloads, countdown bookkeeping."""

    def __init__(self) -> None:
        self.greeting = "Hello"
        self.last_connection_init_payload: Any = None
        self.active: Counter[str | None] = Counter()
        self.finished: Counter[str | None] = Counter()
        self.cancelled: Counter[str | None] = Counter()
        self.pings: Counter[str | None] = Counter()

    # Bookkeeping is plain synchronous code so that it runs even inside a cancelled task.
    def countdown_started(self, tag: str | None) -> None:
        self.active[None] += 1
        if tag is not None:
            self.active[tag] += 1

    def ping_received(self, tag: str | None) -> None:
        self.pings[None] += 1
        if tag is not None:
            self.pings[tag] += 1

    def countdown_ended(self, tag: str | None, cancelled: bool) -> None:
        for key in (None, tag) if tag is not None else (None,):
            self.active[key] -= 1
            self.finished[key] += 1
            if cancelled:
                self.cancelled[key] += 1


STATE = ServerState()


def _sleep_seconds(ms: int) -> float:
    return max(0, min(ms, MAX_SLEEP_MS)) / 1000


def item(i: int) -> dict[str, Any]:
    """One item of the benchmark payload (fields as the benchmark description orders them)."""
    return {
        "id": f"item-{i}",
        "name": f"Item number {i}",
        "description": f"A moderately long description string for item {i} used in benchmarks",
        "count": i * 7,
        "price": i * 1.25 + 0.5,
        "active": i % 2 == 0,
        "createdAt": f"2024-01-{10 + i % 18}T12:34:56Z",
        "rating": (i % 50) / 10.0,
        "code": f"C{i}X",
        "score": i % 1000,
        "flag": i % 3 == 0,
        "owner": {"id": f"user-{i}", "name": f"Owner {i}"},
    }


# Query


def resolve_hello(_root: Any, _info: Any, name: str | None = "world") -> str:
    return f"Hello, {name}!"


def resolve_echo(_root: Any, _info: Any, value: str | None = None) -> str | None:
    return value


def resolve_failing(_root: Any, _info: Any) -> str:
    raise GraphQLError("Partial failure", extensions={"code": "PARTIAL_FAILURE"})


def resolve_must_have(_root: Any, _info: Any) -> str:
    raise GraphQLError("Inner.mustHave has no value", extensions={"code": "MISSING_VALUE"})


def resolve_always_fails(_root: Any, _info: Any) -> str:
    raise GraphQLError("This field always fails", extensions={"code": "ALWAYS_FAILS"})


async def resolve_slow(_root: Any, _info: Any, ms: int) -> str:
    await asyncio.sleep(_sleep_seconds(ms))
    return f"slept {ms} ms"


def resolve_items(_root: Any, _info: Any, count: int) -> list[dict[str, Any]]:
    return [item(i) for i in range(max(0, min(count, MAX_ITEMS)))]


async def resolve_numbers(_root: Any, _info: Any, count: int, delayMs: int = 0) -> AsyncIterator[int]:  # noqa: N803
    for i in range(max(0, min(count, MAX_ITEMS))):
        if i:
            await asyncio.sleep(_sleep_seconds(delayMs))
        yield i


def resolve_request_header(_root: Any, info: Any, name: str) -> str | None:
    return info.context["headers"].get(name.lower())


def resolve_request_on_error(_root: Any, info: Any) -> str | None:
    return info.context.get("on_error")


def resolve_http_version(_root: Any, info: Any) -> str:
    return info.context.get("http_version", "1.1")


def resolve_client_port(_root: Any, info: Any) -> int | None:
    return info.context.get("client_port")


def resolve_connection_init_payload(_root: Any, info: Any) -> str | None:
    if "connection_init_payload" not in info.context:
        return None
    payload = info.context["connection_init_payload"]
    return None if payload is None else json.dumps(payload, separators=(",", ":"))


def resolve_last_connection_init_payload(_root: Any, _info: Any) -> str | None:
    payload = STATE.last_connection_init_payload
    return None if payload is None else json.dumps(payload, separators=(",", ":"))


LOCATIONS = {
    "1": {"id": "1", "name": "Tatooine", "population": 200000},
    "2": {"id": "2", "name": "Dagobah", "population": None},
}


def character(id: str, era: str = "ORIGINAL") -> dict[str, Any] | None:  # noqa: A002
    """Characters 1 (Luke, from location 1; from location 2 in the LATER era) and 2 (Leia)."""
    if id == "1":
        origin = LOCATIONS["2" if era == "LATER" else "1"]
        return {"id": "1", "name": "Luke", "nickname": "Wormie", "origin": origin, "friends": [character("2")]}
    if id == "2":
        return {"id": "2", "name": "Leia", "nickname": None, "origin": None, "friends": []}
    return None


def resolve_character_nickname(value: dict[str, Any], info: Any) -> str | None:
    if info.path.as_list()[0] == "brokenCharacter":
        raise GraphQLError("The nickname is unavailable here", extensions={"code": "NICKNAME_FAILED"})
    return value["nickname"]


class PathlessError(GraphQLError):
    """An error the response carries without a path, though a field raised it."""

    @property
    def formatted(self) -> dict[str, Any]:  # type: ignore[override]
        formatted = dict(super().formatted)
        formatted.pop("path", None)
        return formatted  # type: ignore[return-value]


def fails(message: str, code: str):  # noqa: ANN201
    def resolve(*_: Any) -> Any:
        raise GraphQLError(message, extensions={"code": code})

    return resolve


def resolve_unreached(*_: Any) -> Any:
    raise GraphQLError("This error points nowhere", path=["errorCases", "nowhere", "deep"], extensions={"code": "UNREACHED"})


def resolve_pathless(*_: Any) -> Any:
    # A path set here keeps graphql-core from locating the error at this field; `formatted` drops it.
    raise PathlessError("This error has no path", path=["pathless"], extensions={"code": "PATHLESS"})


def resolve_list(_root: Any, info: Any) -> list[Any]:
    return ["a", GraphQLError("Item 1 failed", extensions={"code": "ITEM_FAILED"}), "c"]


def resolve_grid(_root: Any, info: Any) -> list[Any]:
    return [["a", GraphQLError("Cell 0,1 failed", extensions={"code": "GRID_FAILED"})], ["c"]]


def resolve_with_argument(_root: Any, _info: Any, fail: bool) -> str:
    if fail:
        raise GraphQLError("Failed as asked", extensions={"code": "ARGUMENT_FAILED"})
    return "passed"


# Mutation


def resolve_set_greeting(_root: Any, _info: Any, text: str) -> str:
    STATE.greeting = text
    return text


# Subscription


class CountdownCrashed(GraphQLError):
    """Raised by the countdown's source generator at `crashAt`; it ends the response stream."""

    def __init__(self, value: int) -> None:
        super().__init__(f"Countdown source crashed at {value}", extensions={"code": "COUNTDOWN_CRASHED"})


async def countdown_source(
    _root: Any,
    _info: Any,
    **args: Any,
) -> AsyncIterator[dict[str, Any]]:
    start: int = args["from"]
    fail_at: int | None = args.get("failAt")
    crash_at: int | None = args.get("crashAt")
    delay = _sleep_seconds(args.get("delayMs") or 0)
    tag: str | None = args.get("tag")
    STATE.countdown_started(tag)
    cancelled = True  # unless it runs out or crashes: a close or cancellation ends it here
    try:
        for value in range(start, 0, -1):
            if value != start:
                await asyncio.sleep(delay)
            if crash_at is not None and value == crash_at:
                cancelled = False
                raise CountdownCrashed(value)
            yield {"value": value, "failAt": fail_at}
        cancelled = False
    finally:
        STATE.countdown_ended(tag, cancelled)


def resolve_tick_note(tick: dict[str, Any], _info: Any) -> str:
    if tick["failAt"] is not None and tick["value"] == tick["failAt"]:
        raise GraphQLError(f"Tick {tick['value']} failed", extensions={"code": "TICK_FAILED"})
    return f"T-{tick['value']}"


# Subscription events that fail at the root


def resolve_root_failing_tick(tick: dict[str, Any], _info: Any, **args: Any) -> dict[str, Any]:
    if tick["value"] == args["failAt"]:
        raise GraphQLError(f"Tick {tick['value']} failed at the root", extensions={"code": "TICK_FAILED"})
    return {"value": tick["value"], "failAt": None}


def attach_root_failing_countdown(schema: GraphQLSchema) -> None:
    field = schema.get_type("Subscription").fields["rootFailingCountdown"]  # type: ignore[union-attr]
    field.subscribe = lambda root, info, **args: countdown_source(root, info, **{**args, "failAt": None})
    field.resolve = resolve_root_failing_tick


def attach(schema: GraphQLSchema) -> None:
    """Attaches every resolver to the schema built from schema.graphql."""

    def field(type_name: str, field_name: str):  # noqa: ANN202
        return schema.get_type(type_name).fields[field_name]  # type: ignore[union-attr]

    query = {
        "hello": resolve_hello,
        "echo": resolve_echo,
        "partial": lambda *_: {},
        "holder": lambda *_: {"name": "holder"},
        "alwaysFails": resolve_always_fails,
        "slow": resolve_slow,
        "items": resolve_items,
        "numbers": resolve_numbers,
        "greeting": lambda *_: STATE.greeting,
        "activeCountdowns": lambda _r, _i, tag=None: STATE.active[tag],
        "finishedCountdowns": lambda _r, _i, tag=None: STATE.finished[tag],
        "cancelledCountdowns": lambda _r, _i, tag=None: STATE.cancelled[tag],
        "webSocketPings": lambda _r, _i, tag=None: STATE.pings[tag],
        "requestHeader": resolve_request_header,
        "requestOnError": resolve_request_on_error,
        "httpVersion": resolve_http_version,
        "clientPort": resolve_client_port,
        "connectionInitPayload": resolve_connection_init_payload,
        "lastConnectionInitPayload": resolve_last_connection_init_payload,
    }
    for name, resolver in query.items():
        field("Query", name).resolve = resolver
    field("Partial", "ok").resolve = lambda *_: "ok"
    field("Partial", "failing").resolve = resolve_failing
    field("Holder", "inner").resolve = lambda *_: {"other": "other"}
    field("Inner", "mustHave").resolve = resolve_must_have
    field("Mutation", "setGreeting").resolve = resolve_set_greeting
    countdown = field("Subscription", "countdown")
    countdown.subscribe = countdown_source
    countdown.resolve = lambda tick, _info, **_args: tick
    field("Tick", "note").resolve = resolve_tick_note
    field("Query", "character").resolve = lambda _r, _i, id, era="ORIGINAL": character(id, era)  # noqa: A006
    field("Query", "brokenCharacter").resolve = lambda _r, _i, id: character(id)  # noqa: A006
    field("Query", "location").resolve = lambda _r, _i, id: LOCATIONS.get(id)  # noqa: A006
    field("Query", "errorCases").resolve = lambda *_: {}
    field("Character", "nickname").resolve = resolve_character_nickname
    cases = {
        "leaf": fails("The leaf failed", "LEAF_FAILED"),
        "fine": lambda *_: "fine",
        "nested": lambda *_: {"ok": "ok"},
        "list": resolve_list,
        "grid": resolve_grid,
        "bubbleOne": lambda *_: {"other": "other"},
        "bubbleTwo": lambda *_: {"inner": {"other": "other"}, "name": "two"},
        "withArgument": resolve_with_argument,
        "unreached": resolve_unreached,
        "pathless": resolve_pathless,
        "later": fails("The later field failed", "LATER_FAILED"),
    }
    for name, resolver in cases.items():
        field("ErrorCases", name).resolve = resolver
    field("Nested", "value").resolve = fails("The nested value failed", "NESTED_FAILED")
    field("Bubble", "mustHave").resolve = fails("Bubble.mustHave has no value", "BUBBLE_FAILED")
    attach_root_failing_countdown(schema)
