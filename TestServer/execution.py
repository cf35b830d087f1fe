"""One GraphQL operation from request parameters to results, shared by HTTP, SSE and WebSocket.

Uses graphql-core's own machinery: parse, validate, `experimental_execute_incrementally` for
queries and mutations (so @defer and @stream work) and `subscribe` for subscriptions.
"""

from __future__ import annotations

import inspect
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, AsyncIterator

from graphql import (
    ExecutionResult,
    ExperimentalIncrementalExecutionResults,
    GraphQLError,
    OperationDefinitionNode,
    build_schema,
    experimental_execute_incrementally,
    get_operation_ast,
    parse,
    subscribe,
    validate,
)

import feeds
import local_data
import notes
import resolvers

SCHEMA = build_schema((Path(__file__).parent / "schema.graphql").read_text(encoding="utf-8"))
resolvers.attach(SCHEMA)
notes.attach(SCHEMA)
feeds.attach(SCHEMA)
local_data.attach(SCHEMA)


class BadRequest(Exception):
    """The request is not a well-formed GraphQL-over-HTTP request (always HTTP 400)."""


@dataclass
class Params:
    """GraphQL request parameters as the GraphQL-over-HTTP spec names them."""

    query: str
    operation_name: str | None = None
    variables: dict[str, Any] | None = None
    extensions: dict[str, Any] | None = None
    on_error: str | None = None


@dataclass
class Operation:
    """A parsed and validated request, ready to run."""

    params: Params
    document: Any
    kind: str  # "query", "mutation" or "subscription"
    context: dict[str, Any] = field(default_factory=dict)


def connection_context(scope: dict[str, Any]) -> dict[str, Any]:
    """What an ASGI scope says of its connection, for an operation's context: the HTTP version the
    request came on ("1.1", "2") and the client's port, which tells connections apart."""
    client = scope.get("client")
    return {"http_version": scope.get("http_version", "1.1"), "client_port": client[1] if client else None}


def params_from_object(body: Any) -> Params:
    """Reads request parameters from a decoded JSON body or a WebSocket subscribe payload."""
    if not isinstance(body, dict):
        raise BadRequest("The request body must be a JSON object")
    query = body.get("query")
    if not isinstance(query, str):
        raise BadRequest("The request has no query string")
    operation_name = body.get("operationName")
    if operation_name is not None and not isinstance(operation_name, str):
        raise BadRequest("operationName must be a string")
    variables = body.get("variables")
    if variables is not None and not isinstance(variables, dict):
        raise BadRequest("variables must be a JSON object")
    extensions = body.get("extensions")
    if extensions is not None and not isinstance(extensions, dict):
        raise BadRequest("extensions must be a JSON object")
    on_error = body.get("onError")
    if on_error is not None and not isinstance(on_error, str):
        raise BadRequest("onError must be a string")
    return Params(query, operation_name, variables, extensions, on_error)


def params_from_query_string(values: dict[str, str]) -> Params:
    """Reads request parameters from GET query parameters (variables and extensions are JSON text)."""
    decoded: dict[str, Any] = {
        "query": values.get("query"),
        "operationName": values.get("operationName"),
        "onError": values.get("onError"),
    }
    for key in ("variables", "extensions"):
        if key in values:
            try:
                decoded[key] = json.loads(values[key])
            except ValueError as error:
                raise BadRequest(f"{key} is not valid JSON: {error}") from error
    return params_from_object(decoded)


class RequestErrors(Exception):
    """GraphQL request errors: the operation did not execute (syntax, validation, variables)."""

    def __init__(self, errors: list[GraphQLError]) -> None:
        super().__init__(errors[0].message if errors else "request error")
        self.errors = errors

    @property
    def body(self) -> dict[str, Any]:
        return {"errors": [error.formatted for error in self.errors]}


def prepare(params: Params, context: dict[str, Any]) -> Operation:
    """Parses and validates the request; raises RequestErrors for syntax and validation errors."""
    try:
        document = parse(params.query)
    except GraphQLError as error:
        raise RequestErrors([error]) from error
    errors = validate(SCHEMA, document)
    if errors:
        raise RequestErrors(errors)
    operation = get_operation_ast(document, params.operation_name)
    if not isinstance(operation, OperationDefinitionNode):
        message = (
            f"Unknown operation named '{params.operation_name}'."
            if params.operation_name
            else "Must provide operation name if query contains multiple operations."
        )
        raise RequestErrors([GraphQLError(message)])
    return Operation(params, document, operation.operation.value, {**context, "on_error": params.on_error})


def is_request_error(result: ExecutionResult) -> bool:
    """True when execution never started: no data and no error that belongs to a field."""
    return result.data is None and bool(result.errors) and all(e.path is None for e in result.errors)


def format_result(result: ExecutionResult) -> dict[str, Any]:
    """The response map: `data` always present once execution started; `errors` when any."""
    if is_request_error(result):
        return {"errors": [error.formatted for error in result.errors or []]}
    body: dict[str, Any] = {"data": result.data}
    if result.errors:
        body["errors"] = [error.formatted for error in result.errors]
    if result.extensions:
        body["extensions"] = result.extensions
    return body


async def execute(operation: Operation) -> ExecutionResult | ExperimentalIncrementalExecutionResults:
    """Runs a query or mutation; raises RequestErrors when variables do not coerce."""
    result = experimental_execute_incrementally(
        SCHEMA,
        operation.document,
        variable_values=operation.params.variables,
        operation_name=operation.params.operation_name,
        context_value=operation.context,
    )
    if inspect.isawaitable(result):
        result = await result
    if isinstance(result, ExecutionResult) and is_request_error(result):
        raise RequestErrors(list(result.errors or []))
    return result


async def open_subscription(operation: Operation) -> AsyncIterator[ExecutionResult]:
    """Creates the response stream of a subscription; raises RequestErrors when it cannot start."""
    stream = subscribe(
        SCHEMA,
        operation.document,
        variable_values=operation.params.variables,
        operation_name=operation.params.operation_name,
        context_value=operation.context,
    )
    if inspect.isawaitable(stream):
        stream = await stream
    if isinstance(stream, ExecutionResult):
        raise RequestErrors(list(stream.errors or [GraphQLError("The subscription could not start")]))
    return stream


def error_body(error: BaseException) -> dict[str, Any]:
    """The error a broken response stream ends with, as a GraphQL error map."""
    if isinstance(error, GraphQLError):
        return error.formatted  # type: ignore[return-value]
    return {"message": f"{type(error).__name__}: {error}", "extensions": {"code": "INTERNAL_SERVER_ERROR"}}


def encode(value: Any) -> bytes:
    """Compact UTF-8 JSON, as every route writes it."""
    return local_data.exact_numbers(json.dumps(value, separators=(",", ":"), ensure_ascii=False)).encode("utf-8")
