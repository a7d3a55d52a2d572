import Foundation

/// A small RFC 4180 CSV reader: quoted fields, doubled quotes ("") inside quotes,
/// commas and line breaks inside quotes, CRLF or LF line endings.
public enum CSVReader {
    /// Parses CSV text into rows of fields. A trailing line break does not produce an empty row.
    /// - Throws: `PlanningError.fileProblem` for an unterminated quoted field (naming the line).
    public static func parse(_ text: String, source: String = "CSV") throws -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var inQuotes = false
        var fieldWasQuoted = false
        var line = 1, quoteLine = 0
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let p = pending { pending = nil; return p }
            return iterator.next()
        }
        var sawAny = false
        while let c = next() {
            sawAny = true
            if inQuotes {
                if c == "\"" {
                    if let n = next() {
                        if n == "\"" { field.unicodeScalars.append("\"") } else { inQuotes = false; pending = n }
                    } else { inQuotes = false }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case "\"" where field.isEmpty && !fieldWasQuoted:
                inQuotes = true
                fieldWasQuoted = true
                quoteLine = line
            case ",":
                row.append(field); field = ""; fieldWasQuoted = false
            case "\r":
                // CR is part of CRLF; a lone CR also ends a line.
                if let n = next(), n != "\n" { pending = n }
                fallthrough
            case "\n":
                row.append(field); rows.append(row)
                row = []; field = ""; fieldWasQuoted = false
                line += 1
            default:
                field.unicodeScalars.append(c)
            }
        }
        if inQuotes { throw PlanningError.fileProblem(path: source, detail: "quoted field opened on line \(quoteLine) is never closed") }
        if sawAny && (!field.isEmpty || !row.isEmpty || fieldWasQuoted) { row.append(field); rows.append(row) }
        return rows
    }

    /// Parses CSV with a header row into dictionaries keyed by header name.
    /// - Throws: `PlanningError.fileProblem` when a row has a different number of fields than the header.
    public static func records(_ text: String, source: String = "CSV") throws -> [[String: String]] {
        let rows = try parse(text, source: source)
        guard let header = rows.first else { return [] }
        var out: [[String: String]] = []
        for (i, r) in rows.dropFirst().enumerated() {
            if r.count == 1 && r[0].isEmpty { continue }
            guard r.count == header.count else {
                throw PlanningError.fileProblem(path: source, detail: "row \(i + 2) has \(r.count) fields, the header has \(header.count)")
            }
            out.append(Dictionary(uniqueKeysWithValues: zip(header, r)))
        }
        return out
    }
}
