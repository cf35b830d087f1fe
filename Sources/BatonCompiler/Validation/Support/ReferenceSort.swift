/// Sorts as graphql-js and graphql-core do for short lists (TimSort: the run at the start, then a
/// binary insertion sort), so a comparison that is not a strict order, such as FieldsOnCorrectType's
/// "super types first, else by name", still gives their order.
/// - Parameters:
///   - items: What to sort.
///   - isLessThan: Whether the first item goes before the second.
func referenceSorted<Element>(_ items: [Element], by isLessThan: (Element, Element) -> Bool) -> [Element] {
    var result = items
    guard result.count > 1 else { return result }
    // The run at the start: ascending, or strictly descending and then reversed.
    var runEnd = 1
    if isLessThan(result[1], result[0]) {
        runEnd = 2
        while runEnd < result.count, isLessThan(result[runEnd], result[runEnd - 1]) { runEnd += 1 }
        result[0..<runEnd].reverse()
    } else {
        runEnd = 2
        while runEnd < result.count, !isLessThan(result[runEnd], result[runEnd - 1]) { runEnd += 1 }
    }
    // Each further item goes after every item it is not less than, found by binary search.
    for index in runEnd..<result.count {
        let pivot = result[index]
        var low = 0
        var high = index
        while low < high {
            let middle = low + (high - low) / 2
            if isLessThan(pivot, result[middle]) { high = middle } else { low = middle + 1 }
        }
        result.remove(at: index)
        result.insert(pivot, at: low)
    }
    return result
}
