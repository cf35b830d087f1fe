import Baton
import BatonTestSupport
import EnvironmentTestSupport
import Foundation

/// `baton-fleet-member STORE ME MEMBERS WRITES`: one process of a fleet sharing a store, for the
/// fleet tests. STORE is `redis:URL#NAMESPACE` or `sqlite:PATH`. It holds a store-only handle on
/// each member's note (`NoteQuery(id: "0")` … `"MEMBERS-1"`), writes its own note ME with the
/// texts `ME-1` … `ME-WRITES` (each a payload committed through its environment), prints
/// `wrote`, then waits until every handle reads `K-WRITES` for its member K: it prints
/// `converged MS` (milliseconds from its last write) and exits 0, or after 20 s prints what each
/// handle reads and exits 1.
let arguments = Array(CommandLine.arguments.dropFirst())

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("baton-fleet-member: \(message)\n".utf8))
    exit(1)
}

/// Prints one line unbuffered.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

guard arguments.count == 4, let me = Int(arguments[1]), let members = Int(arguments[2]), let writes = Int(arguments[3]) else {
    fail("usage: baton-fleet-member redis:URL#NAMESPACE|sqlite:PATH ME MEMBERS WRITES")
}
let store: any Store
do {
    if arguments[0].hasPrefix("redis:") {
        let location = arguments[0].dropFirst("redis:".count).split(separator: "#", maxSplits: 1)
        store = try RedisStore(options: .init(url: String(location[0]), namespace: String(location[1])))
    } else if arguments[0].hasPrefix("sqlite:") {
        store = try SQLiteStore(path: String(arguments[0].dropFirst("sqlite:".count)))
    } else {
        fail("unknown store \(arguments[0])")
    }
} catch {
    fail("\(error)")
}
let environment = Environment(transport: RecordedTransport([:]), store: store)
let handles = (0..<members).map { environment.watch(NoteQuery(id: String($0)), policy: .storeOnly) }

func text(of member: Int) -> String? {
    handles[member].phase.data?.note.text
}

func write(_ text: String) {
    let id = String(me)
    let note: JSONObject = ["note": ["__typename": "Note", "id": .string(id), "text": .string(text)]]
    do {
        try environment.commitPayload(NoteQuery(id: id), data: note)
    } catch {
        fail("a write failed: \(error)")
    }
}

for step in 1...writes {
    write("\(me)-\(step)")
    usleep(UInt32.random(in: 200...2_000))
}
let wrote = ContinuousClock.now
say("wrote")
let deadline = wrote + .seconds(20)
while ContinuousClock.now < deadline {
    if (0..<members).allSatisfy({ text(of: $0) == "\($0)-\(writes)" }) {
        let elapsed = ContinuousClock.now - wrote
        say("converged \(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)")
        exit(0)
    }
    usleep(2_000)
}
say("diverged: " + (0..<members).map { "\($0)=\(text(of: $0) ?? "nil")" }.joined(separator: " "))
exit(1)
