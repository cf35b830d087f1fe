"""`/payload?n=N`: the benchmark response of /work/shared/bench/PAYLOAD.md, byte for byte.

No GraphQL runs: the bytes for each N are generated once and kept, so a client's transport
benchmark times the client, not graphql-core. The request body, if any, is not read.
"""

from __future__ import annotations

from functools import lru_cache

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

MAX_PAYLOAD_ITEMS = 100_000
MEDIA_TYPE = "application/graphql-response+json"


def swift_double(value: float) -> str:
    """A Double as Swift's `description` prints it; Python's shortest repr agrees in this range."""
    return repr(value)


def item(i: int) -> str:
    """One item, its fields in the specified order, no white space."""
    return (
        f'{{"__typename":"Item","id":"item-{i}","name":"Item number {i}",'
        f'"description":"A moderately long description string for item {i} used in benchmarks",'
        f'"count":{i * 7},"price":{swift_double(i * 1.25 + 0.5)},"active":{"true" if i % 2 == 0 else "false"},'
        f'"createdAt":"2024-01-{10 + i % 18}T12:34:56Z","rating":{swift_double((i % 50) / 10.0)},'
        f'"code":"C{i}X","score":{i % 1000},"flag":{"true" if i % 3 == 0 else "false"},'
        f'"owner":{{"__typename":"User","id":"user-{i}","name":"Owner {i}"}}}}'
    )


@lru_cache(maxsize=16)
def payload_bytes(items: int) -> bytes:
    """`{"data":{"items":[item(0),...,item(N-1)]}}` as UTF-8."""
    return ('{"data":{"items":[' + ",".join(item(i) for i in range(items)) + "]}}").encode("utf-8")


async def payload(request: Request) -> Response:
    """GET|POST /payload?n=N: 200 with the benchmark payload for N items (0...100000)."""
    text = request.query_params.get("n", "")
    if not (text.isascii() and text.isdigit()) or int(text) > MAX_PAYLOAD_ITEMS:
        return PlainTextResponse(f"n must be an integer 0...{MAX_PAYLOAD_ITEMS}\n", status_code=400)
    return Response(payload_bytes(int(text)), media_type=MEDIA_TYPE)


ROUTES = [Route("/payload", payload, methods=["GET", "POST"])]
