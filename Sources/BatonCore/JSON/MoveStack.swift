/// A stack that hands its top elements out as an array by moving them, never copying.
///
/// The parser keeps the finished elements of every open array (or members of every open object)
/// on one stack; closing a container moves its run of elements into an exactly sized array. That
/// costs one allocation per container and no retain/release per element, which a Swift `Array`
/// used as a stack (copy out, then remove) would cost.
struct MoveStack<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The number of elements on the stack.
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = max(capacity, 1)
        base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Pushes `element` on top.
    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Removes and returns the top element; the stack must not be empty.
    @inline(__always)
    mutating func pop() -> Element {
        count -= 1
        return (base + count).move()
    }

    /// Removes the elements from `start` to the top and returns them in order.
    @inline(__always)
    mutating func popArray(from start: Int) -> [Element] {
        let length = count - start
        guard length > 0 else { return [] }
        let source = base + start
        let elements = [Element](unsafeUninitializedCapacity: length) { buffer, initialized in
            guard let destination = buffer.baseAddress else { return }
            destination.moveInitialize(from: source, count: length)
            initialized = length
        }
        count = start
        return elements
    }

    /// The element at `index`, counted from the bottom.
    @inline(__always)
    subscript(index: Int) -> Element {
        base[index]
    }

    /// Removes the elements from `start` to the top.
    @inline(__always)
    mutating func removeAll(from start: Int) {
        (base + start).deinitialize(count: count - start)
        count = start
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
