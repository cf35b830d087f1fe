"""GraphQL over WebSocket, the graphql-transport-ws protocol, on /graphql, /ws-drop, /ws-frames, /ws-silent
and /ws-flood.

Client messages: connection_init (once; its payload is recorded), ping, pong, subscribe, complete.
Server messages: connection_ack, ping/pong, next, error, complete. Close codes, as the protocol says:
4400 invalid message, 4401 subscribe before connection_ack, 4403 connection_init payload
`{"reject": true}`, 4406 subprotocol not acceptable, 4408 no connection_init in time
(`?initTimeoutMs=`, default 10000), 4409 subscriber id already in use, 4429 a second
connection_init. (4499 "terminated" and 4500 are the client's and the server's own failures.)

Client `ping` messages are counted per `?tag=` of the connection's URL (Query.webSocketPings).

Queries and mutations may be sent too: their results come as `next` messages, then `complete`.
A source stream that raises ends its operation with an `error` message carrying that error.
A client `complete`, or the socket closing, cancels the operation's task, which closes the
subscription and its source generator.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Awaitable, Callable

from starlette.websockets import WebSocket, WebSocketDisconnect

import resolvers
import ws_frames
from execution import (
    BadRequest,
    ExperimentalIncrementalExecutionResults,
    RequestErrors,
    connection_context,
    encode,
    error_body,
    execute,
    format_result,
    open_subscription,
    params_from_object,
    prepare,
)
import incremental

SUBPROTOCOL = "graphql-transport-ws"
DEFAULT_INIT_TIMEOUT_MS = 10_000


class Close(Exception):
    """Ends the connection with a close code and reason."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class Dropped(Exception):
    """The connection was dropped on purpose (/ws-drop)."""


class Connection:
    """One graphql-transport-ws connection and its running operations."""

    def __init__(self, websocket: WebSocket, write: Callable[[str], Awaitable[None]]) -> None:
        self.websocket = websocket
        self.write = write
        self.init_received = False
        self.acknowledged = False
        self.init_payload: Any = None
        self.operations: dict[str, asyncio.Task[None]] = {}
        self.headers = {k.lower(): v for k, v in websocket.headers.items()}
        self.tag = websocket.query_params.get("tag")

    async def send(self, message: dict[str, Any]) -> None:
        await self.write(encode(message).decode("utf-8"))

    async def run(self, init_timeout: float) -> None:
        timer = asyncio.get_running_loop().call_later(init_timeout, self._init_timed_out)
        try:
            while True:
                message = await self.websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                await self.received(message)
        finally:
            timer.cancel()
            running = list(self.operations.values())
            for task in running:
                task.cancel()
            if running:
                await asyncio.gather(*running, return_exceptions=True)

    def _init_timed_out(self) -> None:
        if not self.init_received:
            self._closing = asyncio.ensure_future(self.close(4408, "Connection initialisation timeout"))

    async def close(self, code: int, reason: str) -> None:
        try:
            await self.websocket.close(code, reason)
        except Exception:  # noqa: BLE001 - already closed
            pass

    async def received(self, message: dict[str, Any]) -> None:
        text = message.get("text")
        if text is None:
            raise Close(4400, "Binary messages are not supported")
        try:
            decoded = json.loads(text)
        except ValueError:
            raise Close(4400, "Invalid message received: not JSON") from None
        if not isinstance(decoded, dict) or not isinstance(decoded.get("type"), str):
            raise Close(4400, "Invalid message received: no type")
        kind = decoded["type"]
        handler = {
            "connection_init": self.connection_init,
            "ping": self.ping,
            "pong": self.pong,
            "subscribe": self.subscribe,
            "complete": self.complete,
        }.get(kind)
        if handler is None:
            raise Close(4400, f"Invalid message received: unexpected type '{kind}'")
        await handler(decoded)

    async def connection_init(self, message: dict[str, Any]) -> None:
        if self.init_received:
            raise Close(4429, "Too many initialisation requests")
        self.init_received = True
        payload = message.get("payload")
        if payload is not None and not isinstance(payload, dict):
            raise Close(4400, "Invalid message received: connection_init payload must be an object")
        self.init_payload = payload
        resolvers.STATE.last_connection_init_payload = payload
        if isinstance(payload, dict) and payload.get("reject") is True:
            raise Close(4403, "Forbidden")
        self.acknowledged = True
        await self.send({"type": "connection_ack"})

    async def ping(self, message: dict[str, Any]) -> None:
        resolvers.STATE.ping_received(self.tag)
        pong: dict[str, Any] = {"type": "pong"}
        if message.get("payload") is not None:
            pong["payload"] = message["payload"]
        await self.send(pong)

    async def pong(self, _message: dict[str, Any]) -> None:
        return None

    async def subscribe(self, message: dict[str, Any]) -> None:
        if not self.acknowledged:
            raise Close(4401, "Unauthorized")
        identifier = message.get("id")
        payload = message.get("payload")
        if not isinstance(identifier, str) or not identifier or not isinstance(payload, dict):
            raise Close(4400, "Invalid message received: subscribe needs an id and a payload")
        try:
            params = params_from_object(payload)
        except BadRequest as error:
            raise Close(4400, f"Invalid message received: {error}") from error
        if identifier in self.operations:
            raise Close(4409, f"Subscriber for {identifier} already exists")
        task = asyncio.create_task(self.operate(identifier, params))
        self.operations[identifier] = task

        def forget(finished: asyncio.Task[None]) -> None:
            if self.operations.get(identifier) is finished:
                del self.operations[identifier]

        task.add_done_callback(forget)

    async def complete(self, message: dict[str, Any]) -> None:
        identifier = message.get("id")
        if not isinstance(identifier, str):
            raise Close(4400, "Invalid message received: complete needs an id")
        task = self.operations.pop(identifier, None)
        if task is not None:
            task.cancel()

    async def operate(self, identifier: str, params: Any) -> None:
        context = {
            "headers": self.headers,
            "transport": "ws",
            "connection_init_payload": self.init_payload,
            **connection_context(self.websocket.scope),
        }
        try:
            operation = prepare(params, context)
            if operation.kind == "subscription":
                stream = await open_subscription(operation)
                try:
                    while True:
                        try:
                            result = await anext(stream)
                        except StopAsyncIteration:
                            break
                        except Exception as error:  # the source stream raised: its error ends the operation
                            await self.send({"id": identifier, "type": "error", "payload": [error_body(error)]})
                            return
                        await self.send({"id": identifier, "type": "next", "payload": format_result(result)})
                finally:
                    await stream.aclose()  # type: ignore[attr-defined]
            else:
                outcome = await execute(operation)
                if isinstance(outcome, ExperimentalIncrementalExecutionResults):
                    async for payload in incremental.payloads(outcome):
                        await self.send({"id": identifier, "type": "next", "payload": payload})
                else:
                    await self.send({"id": identifier, "type": "next", "payload": format_result(outcome)})
            await self.send({"id": identifier, "type": "complete"})
        except RequestErrors as errors:
            await self.send({"id": identifier, "type": "error", "payload": errors.body["errors"]})
        except (WebSocketDisconnect, Dropped, RuntimeError):
            pass  # the socket is gone; the finally blocks above already closed the stream


def init_timeout_of(websocket: WebSocket) -> float:
    try:
        return max(0, int(websocket.query_params.get("initTimeoutMs", DEFAULT_INIT_TIMEOUT_MS))) / 1000
    except ValueError:
        return DEFAULT_INIT_TIMEOUT_MS / 1000


async def serve(
    websocket: WebSocket,
    write: Callable[[str], Awaitable[None]] | None = None,
    connection_type: type[Connection] = Connection,
) -> None:
    """Runs one graphql-transport-ws connection; `write` replaces how text messages are sent."""
    if SUBPROTOCOL not in websocket.scope.get("subprotocols", []):
        await websocket.accept()
        await websocket.close(4406, "Subprotocol not acceptable")
        return
    await websocket.accept(subprotocol=SUBPROTOCOL)
    connection = connection_type(websocket, write or websocket.send_text)
    try:
        await connection.run(init_timeout_of(websocket))
    except Close as close:
        await connection.close(close.code, close.reason)
    except (WebSocketDisconnect, Dropped):
        pass


async def graphql_endpoint(websocket: WebSocket) -> None:
    await serve(websocket)


async def drop_endpoint(websocket: WebSocket) -> None:
    """/ws-drop?after=N: the TCP connection is cut (no close frame) after N server messages."""
    try:
        after = max(0, int(websocket.query_params.get("after", "1")))
    except ValueError:
        after = 1
    transport = websocket.scope.get("baton.transport")
    sent = 0

    async def write(text: str) -> None:
        nonlocal sent
        if sent >= after:
            raise Dropped()
        await websocket.send_text(text)
        sent += 1
        if sent >= after and transport is not None:
            await asyncio.sleep(0.01)  # let the last message leave before the cut
            transport.abort()

    if after == 0 and transport is not None:
        await websocket.accept(subprotocol=SUBPROTOCOL)
        await asyncio.sleep(0.01)
        transport.abort()
        return
    await serve(websocket, write)


async def frames_endpoint(websocket: WebSocket) -> None:
    """/ws-frames: graphql-transport-ws whose server messages are written as raw frames (ws_frames)."""
    transport = websocket.scope.get("baton.transport")
    writer = ws_frames.FrameWriter.from_query(dict(websocket.query_params), transport)
    await serve(websocket, writer.write if transport is not None else None)


SILENT_FOR_SECONDS = 60


async def silent_endpoint(websocket: WebSocket) -> None:
    """/ws-silent?after=N: graphql-transport-ws that goes silent after N server messages: it stops
    reading (so pings, RFC 6455 ping frames and close frames go unanswered) and sends nothing more,
    with the TCP connection left open: a peer gone without a FIN or a reset. The connection is cut
    after a minute so the server does not keep it."""
    try:
        after = max(0, int(websocket.query_params.get("after", "1")))
    except ValueError:
        after = 1
    transport = websocket.scope.get("baton.transport")
    sent = 0
    silent = False

    def go_silent() -> None:
        nonlocal silent
        silent = True
        if transport is not None:
            transport.pause_reading()
            asyncio.get_running_loop().call_later(SILENT_FOR_SECONDS, transport.abort)

    async def write(text: str) -> None:
        nonlocal sent
        if silent:
            return
        await websocket.send_text(text)
        sent += 1
        if sent >= after:
            go_silent()

    await serve(websocket, write)


class FloodConnection(Connection):
    """/ws-flood?count=N&size=B: every operation, whatever its document, is answered with N `next`
    messages as fast as the socket takes them (no GraphQL execution per message), each
    `{"data": {"countdown": {"value": i, "note": "xxx…"}}}` with B bytes of note and `value`
    counting from 0, then `complete`: a subscription faster than any consumer."""

    async def operate(self, identifier: str, params: Any) -> None:
        query = self.websocket.query_params
        try:
            count = max(0, int(query.get("count", "1000")))
            size = max(0, int(query.get("size", "1024")))
        except ValueError:
            count, size = 1000, 1024
        note = "x" * size
        try:
            for value in range(count):
                payload = {"data": {"countdown": {"value": value, "note": note}}}
                await self.send({"id": identifier, "type": "next", "payload": payload})
            await self.send({"id": identifier, "type": "complete"})
        except (WebSocketDisconnect, Dropped, RuntimeError):
            pass


async def flood_endpoint(websocket: WebSocket) -> None:
    await serve(websocket, connection_type=FloodConnection)
