// The reader's arena: the memory of the nodes a read from records makes, and the code that
// places, fills and reads them. The rules below are what that code relies on and the compiler
// does not check. A debug build asserts each where it could break, naming it ("arena rule 3: …");
// `make test-asan` runs the reads under AddressSanitizer, and the `store-read` fuzz target
// (Fuzz/) compares reads from records with reads of the same responses.
//
// 1. Ownership. A read's `ReadArena` owns the memory of every node it holds: blocks from
//    `malloc`, freed by its `deinit` alone, after it deinitializes each node's header and `.value`
//    and `.scalar` slots. Nodes lie one after another in a block, each `ReadNode.size(slots:)` long, which is
//    how the arena finds them again; only `ReadNode.init` places one, through `place(slots:)`.
//    Asserted where a node is placed and where the arena walks its nodes.
// 2. Layout and alignment. A node is its `Header` at `start`, then `count` slots at
//    `start + slotsOffset`, each memory bound to its type once, by `ReadNode.init`. Sizes are
//    rounded to the larger alignment of the two, which `malloc`'s covers, so every node placed
//    after another is aligned as the first. Asserted in `ReadNode.init`, `set` and `value(at:)`.
// 3. Lifetime. A node, and a `ReadValue` holding one, is valid while its arena lives: whatever
//    keeps one keeps the arena too (`DataObject.Storage.arena` for its node and the `inner` nodes
//    sharing it, a `DataValue`'s `object` for its content, `RecordRead`'s seen records). So a
//    header refers to its arena `unowned(unsafe)`, and nodes to each other (`parent`, `.object`
//    slots) by bare pointers. No raw pointer leaves this folder: outside, a node is a `ReadNode`.
//    Asserted where `DataObject`, `DataValue` and `RecordRead` keep a node or its arena.
// 4. Selections. A header's selections are `Unmanaged`, never retained: the arena's `selections`
//    or one below them (entries hold their children, and never change), a merged node's (the
//    arena keeps them before the node is made), or `ReadSelections.none`, which is never freed.
//    Asserted in `ReadNode.init`.
// 5. One writer. The walk places nodes and fills their slots on the thread that made the arena,
//    before the read's data exists (`walkEnded(root:)` marks the end). After that, only a merge
//    places and fills a node, under the arena's lock; the fields marked `@exclusivity(unchecked)`
//    are written by no one else. A node filled changes nothing but its cursor, an atomic hint.
//    Asserted in `place(slots:)`, `walkEnded(root:)` and `ReadNode.set(_:at:)`.
// 6. Slots written once. `ReadNode.set(_:at:)` initializes a slot without releasing what it
//    held, so it writes only over a slot holding no value: absent, a position, the typename.
//    Asserted there.
// 7. Positions. A `.field` slot holds an index of its own header's `fields`, taken by the walk
//    from that same dictionary (the record's fields, shared, never changed after): valid as long
//    as the node. The walk then replaces it with the field's value: a scalar copied into a
//    `.scalar` slot, so a later read of it touches the node alone. A merged node holds no positions; it copies every value into a `.value` slot.
//    Asserted in `ReadNode.set(_:at:)`; the dictionary checks the index again on every read.
// 8. Kept nodes. A read again after a change (`RecordReader`'s `reusing:`) keeps, in place of
//    reading them again, the nodes of the previous read below which no record changed and the
//    walk found everything (`Header.isComplete`): its arena keeps the previous one (`previous`),
//    and so every arena a node it keeps lies in, and compiles no selections of its own (it reads
//    by the previous read's). A kept node's `parent` is still the node the previous walk made;
//    a node read again at the same place names the one it replaces (`Header.replaces`), so a
//    path, and whether a node is a child, is found through either. Arenas kept so run at most
//    `ReadArena.longestChain` deep and hold at most `heldPerUsed` times the nodes the last read
//    uses (`isKeepable`), then a read starts anew. Asserted where rule 3 is. The records
//    such a read saw are the previous read's and those of the nodes it placed, when every node of
//    the previous read it neither kept nor read again in place is of a record it placed (`seen`).
// 9. Kept lists. A walk that keeps another's nodes (rule 8) notes each list it reads of
//    `KeptList.shortest` complete objects or more, half of them kept or more (`note(_:as:)`, by
//    where its elements are, which no other list shares while it lives): the links it was read
//    from, its elements' selections, and a filter of every record below it. The next read keeps
//    the elements linking to the same records at the same indices all at once, when no record
//    changed may be below (`keep(first:of:)`, which counts as keeping each, as rule 8 does). A
//    first read notes nothing, so it pays nothing. Checked against reads anew by
//    FragmentKeptListTests.
//
// A node's layout is part of `DataObject`'s and `DataValue`'s, which hold nodes: a stored
// property added to `ReadNode` (a debug-only one too) needs a clean build of the modules that
// read data, since an incremental build does not rebuild them and they crash reading it.

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

    /// What only a merge after the walk changes, under the lock; and the records seen, once found.
    private struct Shared {
        /// Every node merged, by the two it merges: one object reads a merged field many times.
        var merged: [MergedPair: ReadNode] = [:]
        /// The selections of merged nodes, which nothing else holds.
        var selections: [ReadSelections] = []
        var seen: SeenRecords?
    }

    private struct MergedPair: Hashable {
        let first: UnsafeMutableRawPointer
        let second: UnsafeMutableRawPointer
    }

    /// The first block's size and the largest a block grows to: a read of a few objects takes
    /// little more than they need, and a read of thousands a block per few hundred.
    private static let firstBlockSize = 1024
    private static let largestBlockSize = 64 * 1024

    // Written by the walk alone, before the arena is shared, and under `shared`'s lock after (rule 5).
    @exclusivity(unchecked) private var blocks: [Block] = []
    @exclusivity(unchecked) private var next: UnsafeMutableRawPointer?
    @exclusivity(unchecked) private var end: UnsafeMutableRawPointer?
    @exclusivity(unchecked) private var nextBlockSize = firstBlockSize
    /// How many nodes the arena holds.
    @exclusivity(unchecked) private var placed = 0
    private let shared = Locked(Shared())
    /// The selections the read compiled, which the nodes refer to unretained.
    let selections: ReadSelections
    /// The arena of the read this one kept nodes of (rule 8), held while this one is.
    let previous: ReadArena?
    /// The root node of that read, which this read's root was read again in place of.
    private let previousRoot: ReadNode?
    /// The root node of this read, once the walk ended.
    @exclusivity(unchecked) private var root: ReadNode?
    /// How many arenas this one keeps through ``previous``, itself included.
    let depth: Int
    /// The most arenas a read keeps through ``previous``, whatever they hold.
    static let longestChain = 64
    /// How many times the nodes a read uses the arenas it keeps may hold, before the next read
    /// starts anew: a handle read again after every change holds a bounded multiple of what it
    /// shows, and reads a long list anew once per many pages, not once per few.
    static let heldPerUsed = 4
    /// Nodes counted as used beyond those a read places and keeps, so a read of a few objects
    /// keeps its previous ones as deep as ``longestChain``.
    static let heldBeyondUsed = 32
    /// The nodes of earlier reads this read kept (rule 8), each the top of what it kept below;
    /// those of a list kept whole (rule 9) in ``keptPrefixes``.
    @exclusivity(unchecked) private var kept: [ReadNode] = []
    /// The lists whose first `count` elements, objects, the read kept whole at once (rule 9).
    @exclusivity(unchecked) private var keptPrefixes: [(list: [ReadValue], count: Int)] = []
    /// The long lists of objects the walk read again (rule 9), by where their elements are.
    @exclusivity(unchecked) private var notes: [UnsafeRawPointer: KeptList] = [:]

    #if DEBUG
        /// What rule 5 is checked against: the thread the walk runs on, whether it ended, and
        /// whether a merge holds the lock.
        private let walkThread = pthread_self()
        private var walkHasEnded = false
        private var isMerging = false
        /// Every selections a node of the arena may refer to (rule 4), by identity.
        private let heldSelections: Locked<Set<ObjectIdentifier>>
    #endif

    /// An arena for a read by `selections`.
    init(selections: ReadSelections) {
        self.selections = selections
        previous = nil
        previousRoot = nil
        depth = 1
        #if DEBUG
            var held: Set<ObjectIdentifier> = [ObjectIdentifier(ReadSelections.none)]
            Self.collect(selections, into: &held)
            heldSelections = Locked(held)
        #endif
    }

    /// An arena for a read that keeps nodes of the read whose root is `previousRoot`, by its
    /// selections (rule 8).
    init(after previousRoot: ReadNode) {
        let previous = previousRoot.arena
        selections = previous.selections
        self.previous = previous
        self.previousRoot = previousRoot
        depth = previous.depth + 1
        #if DEBUG
            heldSelections = Locked(previous.heldSelections.withLock { $0 })
        #endif
    }

    /// Whether nodes of `arena` are valid while this arena lives: it is this one or one it keeps (rules 3, 8).
    func keeps(_ arena: ReadArena) -> Bool {
        var current: ReadArena? = self
        while let candidate = current {
            if candidate === arena { return true }
            current = candidate.previous
        }
        return false
    }

    /// Notes that the walk kept `node`, of an earlier read, with everything below it (rule 8).
    func keep(_ node: ReadNode) {
        #if DEBUG
            assertWritable("a node kept")
            precondition(keeps(node.arena), "arena rule 8: a node kept from a read this one does not keep")
        #endif
        kept.append(node)
    }

    /// Notes, while the walk runs, what a later read needs to keep `list` whole (rule 9).
    func note(_ list: [ReadValue], as kept: KeptList) {
        #if DEBUG
            assertWritable("a list noted")
        #endif
        guard let elements = Self.elements(of: list) else { return }
        notes[elements] = kept
    }

    /// What the walk that read `list` noted of it (rule 9); `nil` when it noted nothing.
    func note(of list: [ReadValue]) -> KeptList? {
        guard !notes.isEmpty, let elements = Self.elements(of: list) else { return nil }
        return notes[elements]
    }

    /// Where a list's elements are: the same for every copy of it, and for no other list while it lives.
    private static func elements(of list: [ReadValue]) -> UnsafeRawPointer? {
        list.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    /// Notes that the walk kept the first `count` elements of `list`, objects of an earlier read, whole (rule 9).
    func keep(first count: Int, of list: [ReadValue]) {
        #if DEBUG
            assertWritable("a list kept")
            for case .object(let node) in list[..<count] {
                precondition(keeps(node.arena), "arena rule 8: a node kept from a read this one does not keep")
            }
        #endif
        if count > 0 { keptPrefixes.append((list, count)) }
    }

    /// How many nodes of earlier reads the read kept, each the top of what it kept below.
    var keptCount: Int { kept.count + keptInListsCount }

    /// Whether a read after this one may keep its nodes (rule 8): while the arenas that read
    /// would keep through ``previous`` are few and hold at most ``heldPerUsed`` times the nodes
    /// this read placed and kept (tops of what they keep below, so fewer than it uses), and a
    /// few more (a small read chains as deep as it may). Found when the walk ends.
    @exclusivity(unchecked) private(set) var isKeepable = false
    /// How many nodes the walks of this arena and those it keeps through ``previous`` placed.
    @exclusivity(unchecked) private var placedInChain = 0

    /// How many of the nodes kept were kept as elements of a list kept whole (rule 9).
    var keptInListsCount: Int { keptPrefixes.reduce(0) { $0 + $1.count } }

    /// Calls `body` with each node of an earlier read the read kept.
    private func forEachKept(_ body: (ReadNode) -> Void) {
        for node in kept { body(node) }
        for (list, count) in keptPrefixes {
            for case .object(let node) in list[..<count] { body(node) }
        }
    }

    deinit {
        forEachNode { start in
            let header = start.assumingMemoryBound(to: ReadNode.Header.self)
            let slots = (start + ReadNode.slotsOffset).assumingMemoryBound(to: ReadNode.Slot.self)
            // Only a `.value` or `.scalar` slot holds anything to release.
            for index in 0..<header.pointee.count {
                switch slots[index] {
                case .value, .scalar: (slots + index).deinitialize(count: 1)
                case .absent, .field, .typename: break
                }
            }
            header.deinitialize(count: 1)
        }
        for block in blocks { free(block.start) }
    }

    /// The records of every node, each once: the records the read looked up. Found when first
    /// asked: for a read that kept nodes of the read before, from that read's records when they
    /// can be (``SeenRecords/added``).
    var seen: SeenRecords {
        shared.withLock { shared in
            if let seen = shared.seen { return seen }
            let seen = seenSincePrevious() ?? SeenRecords(records: SeenRecordSet(allRecords()), added: nil)
            shared.seen = seen
            return seen
        }
    }

    /// The records of every node this arena placed and every node it kept, found anew.
    private func allRecords() -> Set<RecordID> {
        var records = Set<RecordID>()
        records.reserveCapacity(placed + 2 * keptCount)
        forEachNode { records.insert($0.assumingMemoryBound(to: ReadNode.Header.self).pointee.record) }
        forEachKept { $0.forEachRecord { records.insert($0) } }
        return records
    }

    /// The records seen, as the previous read's and those of the nodes placed here: what they are
    /// when every node of the previous read this one neither kept nor read again in place has
    /// its record among those placed here (a read after a page: the connection's, its parent's,
    /// read again, and the edges kept); `nil` otherwise (a node dropped may have been the only
    /// one of its record), and for a read that kept nothing.
    private func seenSincePrevious() -> SeenRecords? {
        guard let previous, let previousRoot, let root, !kept.isEmpty || !keptPrefixes.isEmpty, root.header.pointee.replaces == previousRoot.start
        else { return nil }
        var placedRecords = Set<RecordID>(minimumCapacity: placed)
        forEachNode { placedRecords.insert($0.assumingMemoryBound(to: ReadNode.Header.self).pointee.record) }
        guard root.unkeptRecords(of: previousRoot, areIn: placedRecords) else { return nil }
        let before = previous.seen.records
        // The read before is read again no more: its set need not stay beside this one.
        previous.forgetSeen()
        let added = placedRecords.filter { !before.contains($0) }
        return SeenRecords(records: before.adding(disjoint: added), added: Array(added))
    }

    /// Lets the records seen go; they are found again when asked.
    private func forgetSeen() {
        shared.withLock { $0.seen = nil }
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
            assert(node == end, "arena rule 1: the nodes of a block run past the part of it they fill")
        }
    }

    /// Memory for a node of `count` slots, from the walk, before the arena is shared.
    func place(slots count: Int) -> UnsafeMutableRawPointer {
        #if DEBUG
            assertWritable("a node placed")
        #endif
        let size = ReadNode.size(slots: count)
        placed += 1
        if let next, let end, end - next >= size {
            assert(blocks[blocks.count - 1].start + blocks[blocks.count - 1].used == next, "arena rule 1: a node placed apart from the last")
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

    /// The node merging `first` and `second`, made the first time they are merged, under the
    /// lock (so the memory it places is the arena's alone): `selections` makes what it reads,
    /// which the arena keeps, and `make` the node over them.
    func merged(
        _ first: ReadNode, _ second: ReadNode, selections: () -> ReadSelections, make: (ReadSelections) -> ReadNode
    ) -> ReadNode {
        shared.withLock { shared in
            let pair = MergedPair(first: first.start, second: second.start)
            if let node = shared.merged[pair] { return node }
            let selections = selections()
            shared.selections.append(selections)
            #if DEBUG
                heldSelections.withLock { _ = $0.insert(ObjectIdentifier(selections)) }
                isMerging = true
                defer { isMerging = false }
            #endif
            let node = make(selections)
            shared.merged[pair] = node
            return node
        }
    }

    /// Marks the end of the walk, whose root is `root`: from here on, only a merge places or
    /// fills a node (rule 5).
    func walkEnded(root: ReadNode) {
        #if DEBUG
            assertWritable("the walk's end")
            walkHasEnded = true
        #endif
        self.root = root
        placedInChain = placed + (previous?.placedInChain ?? 0)
        isKeepable = depth < Self.longestChain && placedInChain <= Self.heldPerUsed * (placed + keptCount + Self.heldBeyondUsed)
    }

    #if DEBUG
        /// Asserts rule 5 where `what` is written: by the walk, on its thread, or by a merge.
        func assertWritable(_ what: @autoclosure () -> String) {
            precondition(
                isMerging || (!walkHasEnded && pthread_equal(pthread_self(), walkThread) != 0),
                "arena rule 5: \(what()) after the walk, outside a merge, or on a thread other than the walk's")
        }

        /// Whether a node of the arena may refer to `selections` unretained (rule 4).
        func holds(_ selections: ReadSelections) -> Bool {
            heldSelections.withLock { $0.contains(ObjectIdentifier(selections)) }
        }

        /// Adds `selections` and every one below them to `held`.
        private static func collect(_ selections: ReadSelections, into held: inout Set<ObjectIdentifier>) {
            guard held.insert(ObjectIdentifier(selections)).inserted else { return }
            for case let child? in selections.entries.map(\.child) { collect(child, into: &held) }
        }
    #endif
}

/// The records a read looked up, each once: the records whose change may change what it reads.
struct SeenRecords: Sendable {
    var records: SeenRecordSet
    /// For records found from those of the read before (the arena's ``ReadArena/previous``),
    /// every one of which this read looked up too: the ones it looked up that that one did not.
    /// `nil` when they were found anew.
    var added: [RecordID]?
}
