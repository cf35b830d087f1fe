"""selftest checks: the feeds block, a paginated connection (Relay's connection spec)."""

from __future__ import annotations

import json
import uuid

from selftest_client import Stream, check, graphql, multipart_parts, sse_events

MULTIPART_ACCEPT = "multipart/mixed, application/graphql-response+json, application/json;q=0.9"

PAGE = (
    "query ($id: ID!, $first: Int, $after: String, $last: Int, $before: String, $tag: String, $nullEdgeAt: Int) {"
    " feed(id: $id) { id posts(first: $first, after: $after, last: $last, before: $before, tag: $tag,"
    " nullEdgeAt: $nullEdgeAt) { edges { cursor node { id title tag } }"
    " pageInfo { hasNextPage hasPreviousPage startCursor endCursor } totalCount } } }"
)


def _feed() -> str:
    return f"selftest-{uuid.uuid4().hex[:8]}"


def _page(port: int, **variables: object) -> dict:
    reply = graphql(port, PAGE, variables=variables).json()
    assert "errors" not in reply, reply
    return reply["data"]["feed"]["posts"]


def _ids(page: dict) -> list[str | None]:
    return [edge["node"]["id"].split("/")[-1] if edge else None for edge in page["edges"]]


@check
def feed_pages_forward_by_cursor(port: int) -> None:
    feed = _feed()
    first = _page(port, id=feed, first=3)
    assert _ids(first) == ["p1", "p2", "p3"], first
    assert first["pageInfo"] == {
        "hasNextPage": True, "hasPreviousPage": False, "startCursor": "cursor:0", "endCursor": "cursor:2",
    }, first
    assert first["totalCount"] == 10 and first["edges"][0]["cursor"] == "cursor:0"
    last = _page(port, id=feed, first=5, after="cursor:7")
    assert _ids(last) == ["p9", "p10"] and last["pageInfo"]["hasNextPage"] is False, last
    empty = _page(port, id=feed, first=2, after="cursor:9")
    assert empty["edges"] == [] and empty["pageInfo"]["endCursor"] is None, empty


@check
def feed_fails_pages_from_its_switch(port: int) -> None:
    feed = f"{_feed()}-fail-from:3"
    assert _ids(_page(port, id=feed, first=3)) == ["p1", "p2", "p3"]
    query = 'query ($id: ID!) { node(id: $id) { ... on Feed { posts(first: 2, after: "cursor:2") { edges { cursor } } } } }'
    reply = graphql(port, query, variables={"id": feed}).json()
    assert reply["data"] == {"node": None}, reply
    assert [error["extensions"]["code"] for error in reply["errors"]] == ["PAGE_FAILED"], reply
    assert _ids(_page(port, id=feed, first=1, after="cursor:0")) == ["p2"]


@check
def feed_pages_backward_by_cursor(port: int) -> None:
    page = _page(port, id=_feed(), last=2, before="cursor:4")
    assert _ids(page) == ["p3", "p4"], page
    assert page["pageInfo"]["startCursor"] == "cursor:2" and page["pageInfo"]["hasPreviousPage"] is True, page


@check
def feed_filters_by_tag_and_answers_null_edges(port: int) -> None:
    feed = _feed()
    odd = _page(port, id=feed, first=3, tag="odd")
    assert _ids(odd) == ["p1", "p3", "p5"] and odd["totalCount"] == 5, odd
    nulled = _page(port, id=feed, first=3, nullEdgeAt=1)
    assert _ids(nulled) == ["p1", None, "p3"], nulled
    sized = _page(port, id=f"{_feed()}-size:3", first=10)
    assert len(sized["edges"]) == 3, sized


@check
def feed_node_refetches_feeds_and_posts(port: int) -> None:
    feed = _feed()
    _page(port, id=feed, first=1)
    query = "query ($id: ID!) { node(id: $id) { __typename id ... on Post { title } } }"
    post = graphql(port, query, variables={"id": f"{feed}/p2"}).json()["data"]["node"]
    assert post == {"__typename": "Post", "id": f"{feed}/p2", "title": "Post 2"}, post
    node = graphql(port, query, variables={"id": feed}).json()["data"]["node"]
    assert node == {"__typename": "Feed", "id": feed}, node
    assert graphql(port, query, variables={"id": "nothing"}).json()["data"]["node"] is None


@check
def feed_mutations_add_and_delete_edges(port: int) -> None:
    feed = _feed()
    add = "mutation ($feed: ID!, $title: String!, $atEnd: Boolean) { addPost(feedId: $feed, title: $title, atEnd: $atEnd) " \
        "{ post { id title tag } edge { cursor node { id } } feed { id } } }"
    added = graphql(port, add, variables={"feed": feed, "title": "New"}).json()["data"]["addPost"]
    assert added["post"]["title"] == "New" and added["post"]["tag"] == "new", added
    assert added["edge"] == {"cursor": "cursor:0", "node": {"id": added["post"]["id"]}}, added
    assert _ids(_page(port, id=feed, first=2))[1] == "p1"
    at_end = graphql(port, add, variables={"feed": feed, "title": "Last", "atEnd": True}).json()["data"]["addPost"]
    assert at_end["edge"]["cursor"] == "cursor:11", at_end
    rejected = graphql(port, add, variables={"feed": feed, "title": "reject"}).json()
    assert rejected["data"] is None and rejected["errors"][0]["extensions"] == {"code": "REJECTED"}, rejected
    delete = "mutation ($id: ID!) { deletePost(id: $id) { deletedId } }"
    deleted = graphql(port, delete, variables={"id": f"{feed}/p1"}).json()["data"]["deletePost"]
    assert deleted == {"deletedId": f"{feed}/p1"}, deleted
    assert "p1" not in _ids(_page(port, id=feed, first=20))
    missing = graphql(port, delete, variables={"id": f"{feed}/p1"}).json()
    assert missing["errors"][0]["extensions"] == {"code": "NOT_FOUND"}, missing


@check
def feed_streams_posts_one_by_one_and_ends_early(port: int) -> None:
    query = '{ feed(id: "%s") { streamedPosts(delayMs: 20, failAfter: 3) @stream(initialCount: 1) { id } } }' % _feed()
    stream = Stream(port, "/graphql", {"query": query}, MULTIPART_ACCEPT)
    parts, closed = multipart_parts(stream.read_all())
    assert closed, parts
    assert [post["id"].split("/")[-1] for post in parts[0]["data"]["feed"]["streamedPosts"]] == ["p1"], parts[0]
    items = [item["id"].split("/")[-1] for part in parts[1:] for entry in part.get("incremental", [])
             for item in entry.get("items", [])]
    assert items == ["p2", "p3"], parts
    errors = [error for part in parts[1:] for entry in part.get("completed", []) for error in entry.get("errors", [])]
    assert errors and errors[0]["extensions"] == {"code": "STREAM_FAILED"}, parts
    stream.close()


@check
def feed_streams_connection_edges(port: int) -> None:
    query = '{ feed(id: "%s") { posts(first: 3, delayMs: 20) { edges @stream(initialCount: 1) { cursor node { id } } ' \
        'pageInfo { endCursor } } } }' % _feed()
    stream = Stream(port, "/graphql", {"query": query}, MULTIPART_ACCEPT)
    parts, closed = multipart_parts(stream.read_all())
    assert closed, parts
    assert len(parts[0]["data"]["feed"]["posts"]["edges"]) == 1, parts[0]
    items = [item["cursor"] for part in parts[1:] for entry in part.get("incremental", []) for item in entry.get("items", [])]
    assert items == ["cursor:1", "cursor:2"], parts
    stream.close()


@check
def feed_subscription_adds_posts_one_by_one(port: int) -> None:
    feed = _feed()
    query = 'subscription { postsAdded(feedId: "%s", count: 2, delayMs: 20) { edge { cursor node { title } } } }' % feed
    stream = Stream(port, "/graphql", {"query": query}, "text/event-stream")
    events = [json.loads(data) for event, data in sse_events(stream.read_all()) if event == "next"]
    titles = [event["data"]["postsAdded"]["edge"]["node"]["title"] for event in events]
    assert titles == ["Added 1", "Added 2"], events
    assert [event["data"]["postsAdded"]["edge"]["cursor"] for event in events] == ["cursor:10", "cursor:11"], events
    stream.close()
