@_spi(Generated) import BatonCore

/// A response from JSON text, as a server would send it.
func response(_ text: String) throws -> GraphQLResponse {
    try GraphQLResponse(json: JSONValue(parsing: text))
}
