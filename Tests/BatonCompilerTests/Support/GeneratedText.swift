import BatonCompiler

/// Every Swift file compiled from `document` against the schema `sdl`, as one text: what a test
/// of one directive's generated code searches.
func generatedText(_ document: String, schema sdl: String) throws -> String {
    let files = try Compilation.compile(documents: [Source(document, name: "a.graphql")], schema: try Schema(sdl: sdl))
    return files.map(\.contents).joined(separator: "\n")
}
