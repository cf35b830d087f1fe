"""selftest checks: the local data block (a refused mutation, the scalar samples)."""

from __future__ import annotations

from selftest_client import check, graphql


@check
def refuse_note_is_null_with_a_refused_error(port: int) -> None:
    reply = graphql(port, 'mutation { refuseNote(id: "n1", text: "x") { id text } }')
    body = reply.json()
    assert body["data"] == {"refuseNote": None}, body
    assert [error["extensions"]["code"] for error in body["errors"]] == ["REFUSED"], body
    assert body["errors"][0]["path"] == ["refuseNote"], body
    note = graphql(port, '{ note(id: "n1") { text } }').json()
    assert note["data"]["note"]["text"] == "note n1", note


@check
def scalar_samples_keep_every_digit_of_a_decimal(port: int) -> None:
    fields = "instant fractionalInstant offsetInstant url uuid decimal smallDecimal"
    reply = graphql(port, "{ scalarSamples { %s } }" % fields)
    assert '"decimal":12345678901234567890.0123456789,' in reply.body.decode(), reply.body
    assert '"smallDecimal":0.1}' in reply.body.decode(), reply.body
    samples = reply.json()["data"]["scalarSamples"]
    assert samples["instant"] == "2026-12-02T21:05:00Z" and samples["offsetInstant"] == "2026-12-02T23:05:00+02:00", samples
    invalid = graphql(port, "{ scalarSamples(valid: false) { %s } }" % fields).json()["data"]["scalarSamples"]
    assert invalid == {
        "instant": "yesterday", "fractionalInstant": "2026-13-45T99:00:00Z", "offsetInstant": 17, "url": "",
        "uuid": "not-a-uuid", "decimal": "twelve", "smallDecimal": True,
    }, invalid
