import BatonCore

/// What `baton init` writes: a `baton.json` whose `"//"` keys explain each part, and an
/// operation that is valid against every schema.
enum StarterConfiguration {
    static func text(endpoint: String) -> String {
        """
        {
          "//": [
            "baton.json: one file for the compiler and the runtime. Every key, its type and default: docs/Configuration.md.",
            "Keys named // are comments: every reader of this file skips them, at any level.",
            "output is where baton generate writes; a target built with the BatonGenerate build plugin leaves it out."
          ],
          "schema": "schema.graphql",
          "documents": ["**/*.graphql"],
          "output": "Generated",
          "accessLevel": "public",
          "endpoint": \(JSONValue.string(endpoint).serialized()),
          "transport": {
            "//": "curl (libcurl), foundation (URLSession) or ws (WebSocket); headers may use ${ENV_VAR}.",
            "name": "curl",
            "options": { "headers": {}, "timeout": 30 }
          },
          "store": {
            "//": "memory (this process only) or sqlite (an image on disk: options.path).",
            "name": "memory"
          },
          "events": ["stderr"]
        }

        """
    }

    static let exampleOperation = """
        # An operation every GraphQL schema answers. Write your own beside it, then run:
        #   baton generate --config baton.json
        query Example {
          __typename
        }

        """
}
