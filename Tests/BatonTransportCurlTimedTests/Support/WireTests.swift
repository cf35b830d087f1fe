import Testing

/// The timed wire tests, one at a time within their pass as well (`make test` runs this target
/// with `--no-parallel`), so the timings they measure are their own.
@Suite(.serialized) struct WireTests {}
