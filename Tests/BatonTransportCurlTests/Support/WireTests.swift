import Testing

/// Tests that talk to the reference server run one at a time, so descriptor counts, thread
/// counts and timings they measure are their own.
@Suite(.serialized) struct WireTests {}
