import Foundation

/// Every error the `Notams` module throws.
///
/// Messages are lower-case, name the NOTAM item (`"B)"`, `"Q)"`, `"header"`...) and the
/// 1-based line of the input text where the problem was found, so a pilot can fix the text.
public enum NotamError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The text was empty or only whitespace.
    case emptyText
    /// No ICAO NOTAM header (`A1234/24 NOTAMN`) anywhere in the text.
    case noNotamFound(line: Int, hint: String)
    /// A required item (Q, A, B or E) is absent.
    case missingItem(item: String, line: Int, notamID: String?)
    /// An item is present but cannot be read.
    case invalidItem(item: String, line: Int, notamID: String?, reason: String)
    /// A control character (other than tab/newline) inside a NOTAM.
    case controlCharacter(item: String, line: Int, notamID: String?, code: UInt8)
    /// `qcodes.json` could not be read.
    case invalidQCodeTable(reason: String)
    /// A flight name that does not exist.
    case unknownFlight(name: String)
    /// A flight name that is already used.
    case duplicateFlight(name: String)
    /// No flight was given and none is selected.
    case noCurrentFlight
    /// A NOTAM id that is not in the flight's latest briefing.
    case notamNotFound(id: String, flight: String)
    /// A status request that does not make sense (e.g. a global "read").
    case invalidStatus(reason: String)
    /// The briefing database failed (wraps the SQLite message).
    case storage(reason: String)

    /// The item the error is about (`"B)"`, `"header"`, `"text"`), if any.
    public var item: String? {
        switch self {
        case .emptyText: return "text"
        case .noNotamFound: return "header"
        case .missingItem(let item, _, _), .invalidItem(let item, _, _, _), .controlCharacter(let item, _, _, _): return item
        default: return nil
        }
    }

    /// The 1-based line of the input text, if the error is about parsed text.
    public var line: Int? {
        switch self {
        case .emptyText: return 1
        case .noNotamFound(let line, _): return line
        case .missingItem(_, let line, _), .invalidItem(_, let line, _, _), .controlCharacter(_, let line, _, _): return line
        default: return nil
        }
    }

    /// The NOTAM id the error belongs to, when the header could be read.
    public var notamID: String? {
        switch self {
        case .missingItem(_, _, let id), .invalidItem(_, _, let id, _), .controlCharacter(_, _, let id, _): return id
        default: return nil
        }
    }

    public var description: String {
        func prefix(_ id: String?) -> String { id.map { "notam \($0): " } ?? "" }
        switch self {
        case .emptyText:
            return "empty text: there is no notam to read (line 1)"
        case .noNotamFound(let line, let hint):
            return "no icao notam found (line \(line)): expected a header like 'A1234/24 NOTAMN'; \(hint)"
        case .missingItem(let item, let line, let id):
            return "\(prefix(id))missing item \(item) (notam starts at line \(line))"
        case .invalidItem(let item, let line, let id, let reason):
            return "\(prefix(id))item \(item) on line \(line): \(reason)"
        case .controlCharacter(let item, let line, let id, let code):
            return "\(prefix(id))item \(item) on line \(line): control character 0x\(String(code, radix: 16, uppercase: true)) is not allowed"
        case .invalidQCodeTable(let reason):
            return "cannot read qcodes.json: \(reason)"
        case .unknownFlight(let name):
            return "no flight named '\(name)'"
        case .duplicateFlight(let name):
            return "a flight named '\(name)' already exists"
        case .noCurrentFlight:
            return "no flight selected: create or select a flight first"
        case .notamNotFound(let id, let flight):
            return "notam \(id) is not in the latest briefing of flight '\(flight)'"
        case .invalidStatus(let reason):
            return "invalid status: \(reason)"
        case .storage(let reason):
            return "briefing database error: \(reason)"
        }
    }
}

/// One NOTAM of a text that could not be read; the others are still returned.
public struct NotamParseIssue: Sendable, Encodable, Equatable {
    /// Human-readable, lower-case message naming the item and line.
    public let message: String
    /// The item (`"B)"`, `"header"`...), or nil.
    public let item: String?
    /// The 1-based line in the input text, or nil.
    public let line: Int?
    /// The NOTAM id when the header was readable.
    public let notamID: String?

    /// Wraps a parse error.
    public init(_ error: NotamError) {
        message = error.description
        item = error.item
        line = error.line
        notamID = error.notamID
    }

    enum CodingKeys: String, CodingKey { case message, item, line, notamID = "notam_id" }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(message, forKey: .message)
        try c.encode(item, forKey: .item)
        try c.encode(line, forKey: .line)
        try c.encode(notamID, forKey: .notamID)
    }
}
