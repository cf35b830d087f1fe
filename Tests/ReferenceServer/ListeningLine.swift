/// The port in the line a test server prints once it listens, `LISTENING <port>`; `nil` for
/// any other line. The reference server and the TLS relay both print it.
public func listeningPort(in line: String) -> Int? {
    let words = line.split(separator: " ")
    guard words.count == 2, words[0] == "LISTENING", let port = Int(words[1]), port > 0 else { return nil }
    return port
}
