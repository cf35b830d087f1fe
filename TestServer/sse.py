"""GraphQL over Server-Sent Events, distinct connections mode (the graphql-sse protocol).

Every result is an `event: next` whose data is the execution result; the stream ends with
`event: complete`. Request errors are reported the same way (a `next` with only `errors`, then
`complete`), as the protocol asks. A source stream that raises ends with a `next` carrying only
that error, then `complete`. The client ends a stream by closing the connection; that cancels the
task running this generator, which closes the subscription and its source generator.
"""

from __future__ import annotations

from typing import Any, AsyncIterator

import incremental
from execution import (
    ExecutionResult,
    ExperimentalIncrementalExecutionResults,
    Operation,
    RequestErrors,
    error_body,
    encode,
    execute,
    format_result,
    open_subscription,
)

CONTENT_TYPE = "text/event-stream; charset=utf-8"
HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
OPENING = b":\n\n"  # a comment, so the client sees the stream open before the first result
COMPLETE = b"event: complete\ndata:\n\n"


def next_event(payload: dict[str, Any]) -> bytes:
    return b"event: next\ndata: " + encode(payload) + b"\n\n"


async def results(operation: Operation) -> AsyncIterator[dict[str, Any]]:
    """The payloads of one operation, whatever its kind; a broken stream ends with its error."""
    if operation.kind == "subscription":
        stream = await open_subscription(operation)
        try:
            async for result in stream:
                yield format_result(result)
        except Exception as error:  # the source stream raised: the server's error ends it
            yield {"errors": [error_body(error)]}
        finally:
            await stream.aclose()  # type: ignore[attr-defined]
        return
    outcome = await execute(operation)
    if isinstance(outcome, ExperimentalIncrementalExecutionResults):
        async for payload in incremental.payloads(outcome):
            yield payload
    elif isinstance(outcome, ExecutionResult):
        yield format_result(outcome)


async def event_stream(operation: Operation | RequestErrors, cut_after: int | None = None) -> AsyncIterator[bytes]:
    """The SSE body. With `cut_after`, the body ends halfway through the event after that many."""
    yield OPENING
    if isinstance(operation, RequestErrors):
        yield next_event(operation.body)
        yield COMPLETE
        return
    sent = 0
    stream = results(operation)
    try:
        try:
            async for payload in stream:
                event = next_event(payload)
                if cut_after is not None and sent >= cut_after:
                    yield event[: len(event) // 2]
                    return
                yield event
                sent += 1
        except RequestErrors as errors:
            yield next_event(errors.body)
        yield COMPLETE
    finally:
        await stream.aclose()
