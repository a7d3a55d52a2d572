import Foundation

/// A small, fast RFC 4180 CSV (or TSV) reader working on UTF-8 bytes.
///
/// The importer reads about 400,000 rows at first start; decoding whole files into Swift
/// `String`s line by line was the slow part, so fields are sliced out of the byte buffer and
/// only turned into strings when a row is handed out.
public struct CSVReader: Sequence {
    /// The field separator: `,` for CSV, tab for TSV (TSV has no quoting).
    public let separator: UInt8
    private let bytes: [UInt8]
    private let quoting: Bool

    /// Reads `url` whole; a UTF-8 byte-order mark is skipped.
    public init(url: URL, separator: UInt8 = UInt8(ascii: ","), quoting: Bool = true) throws {
        var data = [UInt8](try Data(contentsOf: url))
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { data.removeFirst(3) }
        self.bytes = data
        self.separator = separator
        self.quoting = quoting
    }

    /// Reads CSV text held in memory (tests).
    public init(text: String, separator: UInt8 = UInt8(ascii: ","), quoting: Bool = true) {
        self.bytes = Array(text.utf8)
        self.separator = separator
        self.quoting = quoting
    }

    public func makeIterator() -> Iterator { Iterator(reader: self) }

    /// Yields each record as its list of fields (the header is the first record).
    public struct Iterator: IteratorProtocol {
        let reader: CSVReader
        var index = 0

        init(reader: CSVReader) { self.reader = reader }

        public mutating func next() -> [String]? {
            let b = reader.bytes
            let n = b.count
            guard index < n else { return nil }
            var fields: [String] = []
            var field: [UInt8] = []
            var i = index
            var inQuotes = false
            var atFieldStart = true
            while i < n {
                let c = b[i]
                if inQuotes {
                    if c == UInt8(ascii: "\"") {
                        if i + 1 < n, b[i + 1] == UInt8(ascii: "\"") {
                            field.append(c)
                            i += 2
                            continue
                        }
                        inQuotes = false
                    } else {
                        field.append(c)
                    }
                    i += 1
                    continue
                }
                if c == UInt8(ascii: "\"") && atFieldStart && reader.quoting {
                    inQuotes = true
                    atFieldStart = false
                    i += 1
                    continue
                }
                if c == reader.separator {
                    fields.append(String(decoding: field, as: UTF8.self))
                    field.removeAll(keepingCapacity: true)
                    atFieldStart = true
                    i += 1
                    continue
                }
                if c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") {
                    i += 1
                    if c == UInt8(ascii: "\r"), i < n, b[i] == UInt8(ascii: "\n") { i += 1 }
                    break
                }
                field.append(c)
                atFieldStart = false
                i += 1
            }
            fields.append(String(decoding: field, as: UTF8.self))
            index = i
            return fields
        }
    }
}

/// Maps a CSV header to column positions so rows can be read by name.
public struct CSVHeader: Sendable {
    private let positions: [String: Int]

    /// Builds the map from the header record.
    public init(_ header: [String]) {
        var positions: [String: Int] = [:]
        for (i, name) in header.enumerated() { positions[name] = i }
        self.positions = positions
    }

    /// The position of `column`, or throws naming the missing column and the file.
    public func index(_ column: String, in file: String) throws -> Int {
        guard let i = positions[column] else { throw AirportDataError.missingColumn(column, file: file) }
        return i
    }
}

extension Array where Element == String {
    /// The field at `i`, or "" when the row is short (a truncated last line).
    @inline(__always) func field(_ i: Int) -> String { i < count ? self[i] : "" }
}
