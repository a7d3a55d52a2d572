import Foundation

/// A plain-text table with aligned columns, for terminal output.
public struct TextTable: Sendable {
    /// Column alignment.
    public enum Alignment: Sendable { case left, right }

    /// Column headers.
    public var headers: [String]
    /// Per-column alignment (numbers right, names left).
    public var alignments: [Alignment]
    /// Body rows; short rows are padded with empty cells.
    public var rows: [[String]] = []

    /// A table with these headers; alignment defaults to left for every column.
    public init(headers: [String], alignments: [Alignment]? = nil) {
        self.headers = headers
        self.alignments = alignments ?? Array(repeating: .left, count: headers.count)
    }

    /// Adds a row.
    public mutating func add(_ row: [String]) { rows.append(row) }

    /// Renders with two spaces between columns and a dashed rule under the header.
    public func render() -> String {
        let n = max(headers.count, rows.map(\.count).max() ?? 0)
        func cells(_ r: [String]) -> [String] { r + Array(repeating: "", count: n - r.count) }
        var widths = [Int](repeating: 0, count: n)
        for r in [headers] + rows { for (i, c) in cells(r).enumerated() { widths[i] = max(widths[i], c.count) } }
        func line(_ r: [String]) -> String {
            cells(r).enumerated().map { i, c in
                let pad = String(repeating: " ", count: widths[i] - c.count)
                return (i < alignments.count ? alignments[i] : .left) == .right ? pad + c : c + pad
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        var out = [line(headers), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
        out += rows.map(line)
        return out.joined(separator: "\n")
    }
}
