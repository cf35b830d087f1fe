import Baton
import Foundation

/// What the command line asked for: `Walkthrough tour|offline|relaunch ENDPOINT IMAGE`.
struct Launch {
    enum Step: String {
        /// Every step against a running server, writing the image.
        case tour
        /// The server is gone: the image's data, a refresh that fails.
        case offline
        /// A server again: ready from the image, stale, refreshed.
        case relaunch
    }

    var step: Step
    var endpoint: URL
    var image: String

    init?(_ arguments: [String]) {
        guard arguments.count == 3, let step = Step(rawValue: arguments[0]), let endpoint = URL(string: arguments[1]) else {
            return nil
        }
        self.step = step
        self.endpoint = endpoint
        image = arguments[2]
    }

    /// The environment this app's `baton.json` names (curl, a SQLite image), with the endpoint
    /// and the image's path from the command line (the file says `"path": "${STORY_IMAGE}"`).
    func environment() throws -> Environment {
        let file = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "baton.json").path()
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let variables = ProcessInfo.processInfo.environment.merging(["STORY_IMAGE": image]) { _, given in given }
        var configuration = try RuntimeConfiguration(json: text, file: file, environment: variables)
        configuration.endpoint = endpoint
        return try Environment(configuration: configuration)
    }
}
