import Baton
import Foundation

// Usage: Walkthrough tour|offline|relaunch http://127.0.0.1:PORT/graphql IMAGE.sqlite
// `tour` runs every step against a live server and leaves the store's image at IMAGE; `offline`
// opens that image with the server stopped; `relaunch` opens it against a server again.
guard let launch = Launch(Array(CommandLine.arguments.dropFirst())) else {
    print("usage: Walkthrough tour|offline|relaunch http://HOST:PORT/graphql IMAGE.sqlite")
    exit(64)
}
try await tell(launch)
exit(0)
