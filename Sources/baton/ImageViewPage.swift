import BatonCore
import BatonStoreSQLite
import Foundation

/// `baton image view PATH --html FILE`: one self-contained HTML page (inline CSS and script, no
/// network) that shows an image's records and their links as a graph, highlights fields kept as
/// errors and stale operations, and finds a record by ID.
enum ImageViewPage {
    /// The page for `contents`.
    /// - Parameters:
    ///   - contents: the image, as `baton image dump` reads it.
    ///   - path: the image's path, for the title.
    ///   - staleBefore: operations fetched before this (or never) are stale; `nil` marks only those never fetched.
    static func html(_ contents: ImageContents, path: String, staleBefore: Date?) -> String {
        let records = contents.records.values.sorted { $0.id < $1.id }
        let operations = contents.operations.sorted { ($0.key.operationID, $0.key.variables) < ($1.key.operationID, $1.key.variables) }
        let erroredCount = records.filter(hasErrors).count
        let staleCount = operations.filter { isStale($0.value, before: staleBefore) }.count
        var rows = ""
        for record in records {
            let errored = hasErrors(record)
            rows += "<tr class=\"record\(errored ? " has-error" : "")\" data-id=\"\(escape(record.id.rawValue))\">"
            rows += "<td class=\"id\">\(escape(record.id.rawValue))</td><td>\(escape(record.typename))</td><td>"
            for (key, value) in record.fields.sorted(by: { $0.key < $1.key }) {
                let isError = if case .errors = value { true } else { false }
                rows += "<div class=\"field\(isError ? " field-error" : "")\"><b>\(escape(key.rawValue))</b> "
                rows += "\(escape(ImageOutput.field(value).serialized()))</div>"
            }
            rows += "</td></tr>\n"
        }
        var operationRows = ""
        for (key, operation) in operations {
            let stale = isStale(operation, before: staleBefore)
            operationRows += "<tr class=\"operation\(stale ? " stale" : "")\(operation.errors.isEmpty ? "" : " has-error")\">"
            operationRows += "<td>\(escape(key.operationID))</td><td>\(escape(key.variables))</td>"
            operationRows += "<td>\(operation.fetched.map { escape(ImageOutput.timestamp($0)) } ?? "never")\(stale ? " (stale)" : "")</td>"
            operationRows += "<td>\(escape(operation.errors.map { $0.json.serialized() }.joined(separator: " ")))</td></tr>\n"
        }
        // The data the script draws the graph from; "</" is escaped so no string ends the script.
        let data = ImageOutput.dump(contents).serialized().replacingOccurrences(of: "</", with: "<\\/")
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <title>Baton image \(escape(path))</title>
            <style>\(ImageViewAssets.style)</style>
            </head><body>
            <h1>Baton image <code>\(escape(path))</code></h1>
            <p id="summary">\(records.count) records, \(operations.count) operations; \
            <span class="error-count">\(erroredCount) with field errors</span>, \
            <span class="stale-count">\(staleCount) stale</span>.</p>
            <label>Find a record by ID <input id="search" type="search" placeholder="Note:1"></label>
            <span id="search-result"></span>
            <svg id="graph" width="960" height="520" role="img" aria-label="records and their links"></svg>
            <h2>Records</h2>
            <table id="records"><thead><tr><th>ID</th><th>Type</th><th>Fields</th></tr></thead><tbody>
            \(rows)</tbody></table>
            <h2>Operations</h2>
            <table id="operations"><thead><tr><th>Operation</th><th>Variables</th><th>Fetched</th><th>Errors</th></tr></thead><tbody>
            \(operationRows)</tbody></table>
            <script type="application/json" id="image-data">\(data)</script>
            <script>\(ImageViewAssets.script)</script>
            </body></html>

            """
    }

    static func hasErrors(_ record: StoreRecord) -> Bool {
        record.fields.values.contains { value in
            if case .errors = value { return true }
            return false
        }
    }

    static func isStale(_ operation: OperationRecord, before: Date?) -> Bool {
        guard let fetched = operation.fetched, !operation.isInvalidated else { return true }
        return before.map { fetched < $0 } ?? false
    }

    /// Text made safe inside HTML elements and attribute values.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
