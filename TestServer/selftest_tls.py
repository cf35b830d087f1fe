"""selftest checks for the connection fields (`httpVersion`, `clientPort`) and the TLS mode
(`--tls-cert`/`--tls-key`): HTTP/2 by ALPN, multiplexed streams, HTTP/1.1 for clients that ask
for it, and a certificate only the test authority in tls/ vouches for."""

from __future__ import annotations

import http.client as httpclient
import json
import ssl

from selftest_client import HERE, Server, check, graphql, multipart_parts, sse_events
from selftest_h2 import H2Connection

TLS = HERE / "tls"
CONNECTION_QUERY = "{ httpVersion clientPort }"


def trusting_context() -> ssl.SSLContext:
    return ssl.create_default_context(cafile=str(TLS / "ca.pem"))


def h2_post(connection: H2Connection, query: str, accept: str = "application/json") -> int:
    body = json.dumps({"query": query}).encode()
    return connection.request("POST", "/graphql", {"content-type": "application/json", "accept": accept}, body)


def tls_server() -> Server:
    return Server("--tls-cert", str(TLS / "server.pem"), "--tls-key", str(TLS / "server.key"))


def stop(server: Server) -> None:
    """Stops the server by closing its stdin; fails when it lingers or logged an error."""
    exit_code = server.close_stdin_and_wait(5)
    stderr = server.process.stderr.read().decode(errors="replace")  # type: ignore[union-attr]
    assert exit_code is not None, "the TLS server still ran 5 s after stdin closed"
    assert "Traceback" not in stderr and "ERROR" not in stderr, stderr


@check
def plain_mode_reports_http_1_1_and_the_connection_port(port: int) -> None:
    connection = httpclient.HTTPConnection("127.0.0.1", port, timeout=10)
    ports = []
    for _ in range(2):
        connection.request("POST", "/graphql", json.dumps({"query": CONNECTION_QUERY}),
                           {"Content-Type": "application/json"})
        data = json.loads(connection.getresponse().read())["data"]
        assert data["httpVersion"] == "1.1", data
        ports.append(data["clientPort"])
    local_port = connection.sock.getsockname()[1]  # type: ignore[union-attr]
    connection.close()
    assert ports == [local_port, local_port], (ports, local_port)
    other = graphql(port, CONNECTION_QUERY).json()["data"]["clientPort"]
    assert other != local_port, "a new connection answered the old connection's port"


@check
def tls_mode_negotiates_h2_and_multiplexes(_port: int) -> None:
    server = tls_server()
    try:
        connection = H2Connection(server.port, trusting_context())
        assert connection.alpn == "h2", connection.alpn
        streams = [h2_post(connection, CONNECTION_QUERY) for _ in range(20)]
        replies = connection.responses(streams)
        local_port = connection.sock.getsockname()[1]
        for reply in replies.values():
            assert reply.status == 200, reply
            assert json.loads(reply.body) == {"data": {"httpVersion": "2", "clientPort": local_port}}, reply.body
        connection.close()
    finally:
        stop(server)


@check
def tls_mode_streams_sse_and_multipart_over_h2(_port: int) -> None:
    server = tls_server()
    try:
        connection = H2Connection(server.port, trusting_context())
        sse = h2_post(connection, "subscription { countdown(from: 3, delayMs: 100) { value } }", "text/event-stream")
        multipart = h2_post(connection, '{ hello ... @defer { slow(ms: 60) } }', "multipart/mixed")
        replies = connection.responses([sse, multipart])
        events = sse_events(replies[sse].body)
        values = [json.loads(data)["data"]["countdown"]["value"] for name, data in events if name == "next"]
        assert values == [3, 2, 1] and events[-1][0] == "complete", events
        assert len(replies[sse].chunks) >= 3, "the events came in one piece, not as they happened"
        parts, closed = multipart_parts(replies[multipart].body)
        assert closed and parts[0]["data"] == {"hello": "Hello, world!"}, parts
        assert parts[-1]["incremental"][0]["data"] == {"slow": "slept 60 ms"}, parts
        connection.close()
    finally:
        stop(server)


@check
def tls_mode_keeps_the_connection_when_a_route_answers_before_the_body(_port: int) -> None:
    server = tls_server()
    try:
        connection = H2Connection(server.port, trusting_context())
        body = json.dumps({"query": "{ hello }"}).encode()
        for path, status in (("/status/500", 500), ("/not-json", 200), ("/payload?n=1", 200)):
            stream = connection.request("POST", path, {"content-type": "application/json"}, body, pause=0.1)
            reply = connection.responses([stream])[stream]
            assert reply.status == status, (path, reply)
        stream = h2_post(connection, "{ hello }")
        assert json.loads(connection.responses([stream])[stream].body) == {"data": {"hello": "Hello, world!"}}
        connection.close()
    finally:
        stop(server)


@check
def tls_mode_speaks_http_1_1_when_asked_and_needs_the_test_authority(_port: int) -> None:
    server = tls_server()
    try:
        context = trusting_context()
        context.set_alpn_protocols(["http/1.1"])
        for host in ("127.0.0.1", "localhost"):  # the certificate names both
            connection = httpclient.HTTPSConnection(host, server.port, timeout=10, context=context)
            connection.request("POST", "/graphql", json.dumps({"query": "{ httpVersion hello }"}),
                               {"Content-Type": "application/json"})
            data = json.loads(connection.getresponse().read())["data"]
            connection.close()
            assert data == {"httpVersion": "1.1", "hello": "Hello, world!"}, data
        untrusting = httpclient.HTTPSConnection("127.0.0.1", server.port, timeout=10,
                                                context=ssl.create_default_context())
        try:
            untrusting.request("GET", "/graphql?query=%7Bhello%7D")
            raise AssertionError("a client without the test authority accepted the certificate")
        except ssl.SSLCertVerificationError:
            pass
        finally:
            untrusting.close()
    finally:
        stop(server)
