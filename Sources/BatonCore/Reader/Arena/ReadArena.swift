#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The memory of every node one read from records makes: each node's header and slots side by
/// side, in blocks the arena owns, so a read makes a few allocations in all instead of one per
/// object, and a node is one pointer, copied with no retain.
///
/// The walk fills the arena before the read's data exists, from one thread. After, only a node
/// merged at a read (``ReadNode/merged(with:)``) is added, under a lock. Nodes live as long as the
/// arena: every object of data read from records holds it.
final class ReadArena: @unchecked Sendable {
    /// A block of memory nodes are placed in, and the part of it they fill.
    private struct Block {
        let start: UnsafeMutableRawPointer
        var used: Int
    }

    /// What only a merge after the walk changes, under the lock.
    private struct Shared {
        /// Every node merged, by the two it merges: one object reads a merged field many times.
        var merged: [MergedPair: ReadNode] = [:]
        /// The selections of merged nodes, which nothing else holds.
        var selections: [ReadSelections] = []
    }

    private struct MergedPair: Hashable {
        let first: UnsafeMutableRawPointer
        let second: UnsafeMutableRawPointer
    }

    /// The first block's size and the largest a block grows to: a read of a few objects takes
    /// little more than they need, and a read of thousands a block per few hundred.
    private static let firstBlockSize = 1024
    private static let largestBlockSize = 64 * 1024

    // Written by the walk alone, before the arena is shared, and under `shared`'s lock after.
    @exclusivity(unchecked) private var blocks: [Block] = []
    @exclusivity(unchecked) private var next: UnsafeMutableRawPointer?
    @exclusivity(unchecked) private var end: UnsafeMutableRawPointer?
    @exclusivity(unchecked) private var nextBlockSize = firstBlockSize
    private let shared = Locked(Shared())
    /// The selections the read compiled, which the nodes refer to unretained.
    let selections: ReadSelections

    /// An arena for a read by `selections`.
    init(selections: ReadSelections) {
        self.selections = selections
    }

    deinit {
        forEachNode { start in
            let header = start.assumingMemoryBound(to: ReadNode.Header.self)
            let slots = (start + ReadNode.slotsOffset).assumingMemoryBound(to: ReadNode.Slot.self)
            // Only a `.value` slot holds anything to release.
            for index in 0..<header.pointee.count {
                if case .value = slots[index] { (slots + index).deinitialize(count: 1) }
            }
            header.deinitialize(count: 1)
        }
        for block in blocks { free(block.start) }
    }

    /// The records of every node, each once: the records the read looked up.
    var records: Set<RecordID> {
        shared.withLock { _ in
            var records = Set<RecordID>()
            forEachNode { records.insert($0.assumingMemoryBound(to: ReadNode.Header.self).pointee.record) }
            return records
        }
    }

    /// Calls `body` with the start of every node, in the order they were placed.
    private func forEachNode(_ body: (UnsafeMutableRawPointer) -> Void) {
        for block in blocks {
            var node = block.start
            let end = block.start + block.used
            while node < end {
                // Read before `body`, which may deinitialize the node.
                let size = ReadNode.size(slots: node.assumingMemoryBound(to: ReadNode.Header.self).pointee.count)
                body(node)
                node += size
            }
        }
    }

    /// Memory for a node of `count` slots, from the walk, before the arena is shared.
    func place(slots count: Int) -> UnsafeMutableRawPointer {
        let size = ReadNode.size(slots: count)
        if let next, let end, end - next >= size {
            self.next = next + size
            blocks[blocks.count - 1].used += size
            return next
        }
        let capacity = max(nextBlockSize, size)
        nextBlockSize = min(2 * nextBlockSize, Self.largestBlockSize)
        guard let start = malloc(capacity) else { fatalError("out of memory for a read of \(capacity) bytes") }
        blocks.append(Block(start: start, used: size))
        next = start + size
        end = start + capacity
        return start
    }

    /// The node merging `first` and `second`, made by `make` the first time they are merged
    /// (under the lock, so the memory it places is the arena's alone), with the selections it reads.
    func merged(_ first: ReadNode, _ second: ReadNode, make: (ReadArena) -> (ReadNode, ReadSelections)) -> ReadNode {
        shared.withLock { shared in
            let pair = MergedPair(first: first.start, second: second.start)
            if let node = shared.merged[pair] { return node }
            let (node, selections) = make(self)
            shared.merged[pair] = node
            shared.selections.append(selections)
            return node
        }
    }
}
