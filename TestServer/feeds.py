"""Resolvers of the feeds block of schema.graphql: a paginated connection (Relay's connection spec)."""

from __future__ import annotations

import asyncio
import re
from typing import Any, AsyncIterator

from graphql import GraphQLError, GraphQLSchema

FEEDS: dict[str, list[str]] = {}
POSTS: dict[str, dict[str, Any]] = {}
POST_FEED: dict[str, str] = {}
ADDED = [0]


def _sleep_seconds(ms: int) -> float:
    return max(0, min(ms, 60_000)) / 1000


def _feed_posts(feed_id: str) -> list[str]:
    if feed_id not in FEEDS:
        size = re.search(r"size:(\d+)", feed_id)
        ids = [f"{feed_id}/p{i}" for i in range(1, (min(int(size.group(1)), 10_000) if size else 10) + 1)]
        for i, post_id in enumerate(ids, start=1):
            POSTS[post_id] = {"id": post_id, "title": f"Post {i}", "tag": "even" if i % 2 == 0 else "odd"}
            POST_FEED[post_id] = feed_id
        FEEDS[feed_id] = ids
    return FEEDS[feed_id]


def _post(post_id: str) -> dict[str, Any]:
    return {"__typename": "Post", **POSTS[post_id]}


def _feed(feed_id: str) -> dict[str, Any]:
    _feed_posts(feed_id)
    return {"__typename": "Feed", "id": feed_id}


def _index(cursor: str | None) -> int | None:
    if cursor is None:
        return None
    match = re.fullmatch(r"cursor:(-?\d+)", cursor)
    if not match:
        raise GraphQLError(f"Not a cursor of this feed: {cursor}", extensions={"code": "BAD_CURSOR"})
    return int(match.group(1))


async def _edges_one_by_one(edges: list[Any], delay_ms: int) -> AsyncIterator[Any]:
    for index, edge in enumerate(edges):
        if index:
            await asyncio.sleep(_sleep_seconds(delay_ms))
        yield edge


def resolve_posts(
    feed: dict[str, Any],
    _info: Any,
    first: int | None = None,
    after: str | None = None,
    last: int | None = None,
    before: str | None = None,
    tag: str | None = None,
    nullEdgeAt: int | None = None,  # noqa: N803
    delayMs: int = 0,  # noqa: N803
) -> dict[str, Any]:
    ids = [post for post in _feed_posts(feed["id"]) if tag is None or POSTS[post]["tag"] == tag]
    start = 0 if after is None else max(0, (_index(after) or 0) + 1)
    end = len(ids) if before is None else max(0, min(len(ids), _index(before) or 0))
    start = min(start, end)
    failing = re.search(r"fail-from:(\d+)", feed["id"])
    if failing and (after is not None or before is not None) and start >= int(failing.group(1)):
        raise GraphQLError(f"The page from {start} of this feed failed", extensions={"code": "PAGE_FAILED"})
    if first is not None:
        end = min(end, start + max(0, first))
    if last is not None:
        start = max(start, end - max(0, last))
    edges: list[Any] = [{"cursor": f"cursor:{i}", "node": _post(ids[i])} for i in range(start, end)]
    if nullEdgeAt is not None and 0 <= nullEdgeAt < len(edges):
        edges[nullEdgeAt] = None
    return {
        "edges": _edges_one_by_one(edges, delayMs) if delayMs > 0 else edges,
        "pageInfo": {
            "hasNextPage": end < len(ids),
            "hasPreviousPage": start > 0,
            "startCursor": f"cursor:{start}" if end > start else None,
            "endCursor": f"cursor:{end - 1}" if end > start else None,
        },
        "totalCount": len(ids),
    }


async def resolve_streamed_posts(
    feed: dict[str, Any], _info: Any, delayMs: int = 0, failAfter: int | None = None  # noqa: N803
) -> AsyncIterator[dict[str, Any]]:
    for index, post_id in enumerate(list(_feed_posts(feed["id"]))):
        if failAfter is not None and index >= failAfter:
            raise GraphQLError("The stream of posts failed", extensions={"code": "STREAM_FAILED"})
        if index:
            await asyncio.sleep(_sleep_seconds(delayMs))
        yield _post(post_id)


def resolve_node(_root: Any, _info: Any, id: str) -> dict[str, Any] | None:  # noqa: A002
    if id in POSTS:
        return _post(id)
    if id in FEEDS:
        return _feed(id)
    return None


async def resolve_add_post(
    _root: Any,
    _info: Any,
    feedId: str,  # noqa: N803
    title: str,
    tag: str = "new",
    atEnd: bool = False,  # noqa: N803
    delayMs: int = 0,  # noqa: N803
) -> dict[str, Any]:
    await asyncio.sleep(_sleep_seconds(delayMs))
    if title == "reject":
        raise GraphQLError("The post was rejected", extensions={"code": "REJECTED"})
    ids = _feed_posts(feedId)
    ADDED[0] += 1
    post_id = f"{feedId}/added{ADDED[0]}"
    POSTS[post_id] = {"id": post_id, "title": title, "tag": tag}
    POST_FEED[post_id] = feedId
    if atEnd:
        ids.append(post_id)
    else:
        ids.insert(0, post_id)
    return {
        "post": _post(post_id),
        "edge": {"cursor": f"cursor:{ids.index(post_id)}", "node": _post(post_id)},
        "feed": _feed(feedId),
    }


async def resolve_delete_post(_root: Any, _info: Any, id: str, delayMs: int = 0) -> dict[str, Any]:  # noqa: A002, N803
    await asyncio.sleep(_sleep_seconds(delayMs))
    feed_id = POST_FEED.get(id)
    if feed_id is None or id not in FEEDS.get(feed_id, []):
        raise GraphQLError(f"No post {id}", extensions={"code": "NOT_FOUND"})
    FEEDS[feed_id].remove(id)
    return {"deletedId": id}


async def posts_added_source(
    _root: Any, _info: Any, feedId: str, count: int, delayMs: int = 10  # noqa: N803
) -> AsyncIterator[dict[str, Any]]:
    for index in range(max(0, min(count, 1000))):
        if index:
            await asyncio.sleep(_sleep_seconds(delayMs))
        yield await resolve_add_post(None, None, feedId=feedId, title=f"Added {index + 1}", atEnd=True)


def attach(schema: GraphQLSchema) -> None:
    """Attaches the feeds resolvers."""
    query = schema.get_type("Query")
    query.fields["node"].resolve = resolve_node  # type: ignore[union-attr]
    query.fields["feed"].resolve = lambda _root, _info, id: _feed(id)  # type: ignore[union-attr]
    feed = schema.get_type("Feed")
    feed.fields["posts"].resolve = resolve_posts  # type: ignore[union-attr]
    feed.fields["streamedPosts"].resolve = resolve_streamed_posts  # type: ignore[union-attr]
    mutation = schema.get_type("Mutation")
    mutation.fields["addPost"].resolve = resolve_add_post  # type: ignore[union-attr]
    mutation.fields["deletePost"].resolve = resolve_delete_post  # type: ignore[union-attr]
    posts_added = schema.get_type("Subscription").fields["postsAdded"]  # type: ignore[union-attr]
    posts_added.subscribe = posts_added_source
    posts_added.resolve = lambda payload, _info, **_args: payload
