/// A source whose contents never change, such as a store's snapshot: data read from it may
/// read it again later and find what the read found.
package protocol SnapshotRecordSource: RecordSource, Sendable {}
