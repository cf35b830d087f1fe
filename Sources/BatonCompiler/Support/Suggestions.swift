import BatonCore

/// "Did you mean …?" hints, as graphql-js computes and words them: options within a small edit
/// distance of the input, nearest first, at most five.

/// The options close enough to `input` to suggest, nearest first, ties in natural order.
/// - Parameters:
///   - input: What was written.
///   - options: What could have been meant.
package func suggestionList(_ input: String, _ options: [String]) -> [String] {
    Suggestions.list(input, options)
}

/// ` Did you mean "A", "B", or "C"?` for up to five suggestions; empty when there are none.
/// - Parameter suggestions: The suggestions, best first.
package func didYouMean(_ suggestions: [String]) -> String {
    Suggestions.didYouMean(nil, suggestions)
}

/// ` Did you mean <subMessage> "A" or "B"?` for up to five suggestions; empty when there are none.
/// - Parameters:
///   - subMessage: Words between "mean" and the suggestions, such as `the enum value`.
///   - suggestions: The suggestions, best first.
package func didYouMean(_ subMessage: String?, _ suggestions: [String]) -> String {
    Suggestions.didYouMean(subMessage, suggestions)
}

/// Compares strings with runs of digits compared as numbers, so `Foo9` sorts before `Foo10`.
/// - Returns: A negative number, zero or a positive number as `a` sorts before, with or after `b`.
package func naturalCompare(_ a: String, _ b: String) -> Int {
    Suggestions.naturalCompare(a, b)
}
