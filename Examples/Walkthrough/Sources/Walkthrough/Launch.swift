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
        // Relative to where the command runs, not to baton.json (which paths in the file are).
        image = arguments[2].hasPrefix("/") ? arguments[2] : FileManager.default.currentDirectoryPath + "/" + arguments[2]
    }

    /// The environment this app's `baton.json` names (curl, a SQLite image): the file is the
    /// target's resource, and the endpoint and the image's path come from the command line
    /// through the variables it references (`"endpoint": "${STORY_ENDPOINT}"`, `"path": "${STORY_IMAGE}"`).
    func environment() throws -> Environment {
        guard let file = Bundle.module.url(forResource: "baton", withExtension: "json") else {
            throw ConfigurationError(file: "baton.json", key: "", value: "absent", accepted: "baton.json among the target's resources")
        }
        let variables = ProcessInfo.processInfo.environment.merging(["STORY_ENDPOINT": endpoint.absoluteString, "STORY_IMAGE": image]) {
            _, given in given
        }
        return try Environment(configurationFile: file, variables: variables)
    }
}
