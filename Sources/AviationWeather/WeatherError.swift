/// The single error type of the AviationWeather module.
///
/// Every case names the offending group verbatim, its 1-based token position in
/// the report and the element that was expected there, so a pilot (or the chat
/// front-end) can point at exactly what could not be read.
public enum WeatherError: Error, CustomStringConvertible, Sendable, Encodable, Equatable {
    /// The input contained no report tokens at all.
    case emptyReport
    /// Token `token` at 1-based `position` is not the `expected` element.
    case invalidGroup(token: String, position: Int, expected: String)
    /// The report stops at `position` (1-based position the missing group would
    /// have) before the `expected` element.
    case missingGroup(position: Int, expected: String)

    /// The offending group as written (uppercased), or nil when nothing was there.
    public var token: String? {
        switch self {
        case .emptyReport, .missingGroup: return nil
        case .invalidGroup(let token, _, _): return token
        }
    }

    /// 1-based token position of the problem (0 for an empty report).
    public var position: Int {
        switch self {
        case .emptyReport: return 0
        case .invalidGroup(_, let p, _), .missingGroup(let p, _): return p
        }
    }

    /// The element that was expected at `position`.
    public var field: String {
        switch self {
        case .emptyReport: return "report"
        case .invalidGroup(_, _, let e), .missingGroup(_, let e): return e
        }
    }

    /// Lower-case human-readable message naming the bad input and what was expected.
    public var message: String {
        switch self {
        case .emptyReport:
            return "empty report: expected a METAR or TAF"
        case .invalidGroup(let token, let position, let expected):
            return "cannot decode '\(token)' at position \(position): expected \(expected)"
        case .missingGroup(let position, let expected):
            return "report ends before position \(position): expected \(expected)"
        }
    }

    public var description: String { message }

    private enum CodingKeys: String, CodingKey { case message, token, position, field }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(message, forKey: .message)
        try c.encode(token, forKey: .token)
        try c.encode(position, forKey: .position)
        try c.encode(field, forKey: .field)
    }
}

/// A group that could not be decoded while the rest of the report could.
public struct WeatherWarning: Sendable, Encodable, Equatable {
    /// The group as written (uppercased).
    public let token: String
    /// 1-based token position in the report.
    public let position: Int
    /// The element the parser was looking for at that point, e.g. "cloud layer".
    public let field: String
    /// Lower-case explanation naming the group.
    public let message: String

    public init(token: String, position: Int, field: String, message: String) {
        self.token = token
        self.position = position
        self.field = field
        self.message = message
    }

    static func unknown(_ token: String, _ position: Int, section: String) -> WeatherWarning {
        WeatherWarning(token: token, position: position, field: section,
                       message: "unrecognised group '\(token)' at position \(position) in the \(section); skipped, the rest of the report was decoded")
    }
}

/// What each input token was used for. The parsers record one role per token so
/// callers (and the corpus tests) can check that no token was silently dropped.
public enum TokenRole: UInt8, Sendable, Encodable {
    case reportType, station, time, modifier, nilReport, cancelled, status
    case validity, changeGroup
    case wind, windVariation, visibility, minimumVisibility, cavok, rvr
    case weather, recentWeather, cloud, temperature, altimeter
    case windShear, runwayState, seaState, colorCode
    case turbulence, icing, forecastTemperature
    case trend, remarks
    /// An explicitly missing value such as `/////KT`, `////`, `Q////` or `//`.
    case missing
    /// Not decoded; the token is listed in `warnings`.
    case warning
}
