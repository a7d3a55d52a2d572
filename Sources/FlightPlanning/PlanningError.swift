import Foundation

/// Every error the FlightPlanning module throws.
///
/// Each case carries the offending value verbatim and the description says what was
/// expected, so a pilot reading the message can fix the input without reading code.
public enum PlanningError: Error, CustomStringConvertible, Sendable, Equatable {
    /// A number outside the range the calculation accepts.
    /// `name` is the quantity ("temperature"), `value` the text given, `expected` the accepted range with units.
    case outOfRange(name: String, value: String, expected: String)
    /// A value that cannot be interpreted at all (an unknown unit, a malformed runway ident…).
    case invalidValue(name: String, value: String, expected: String)
    /// A runway the airport does not have; `available` lists the runway ends it has.
    case unknownRunway(String, available: [String])
    /// A weight-and-balance station the profile does not have; `available` lists the valid ones.
    case unknownStation(String, available: [String])
    /// An aircraft profile that is neither saved nor bundled; `available` lists the known names.
    case unknownProfile(String, available: [String])
    /// An aircraft type that matches nothing in the offline type data.
    case unknownAircraftType(String)
    /// A profile that fails validation; `problems` lists every problem found, not just the first.
    case invalidProfile(name: String, problems: [String])
    /// An attempt to change or delete a read-only bundled example profile.
    case readOnlyProfile(String)
    /// A value outside a POH table: the tables are not extrapolated.
    case outsideTable(table: String, name: String, value: String, range: String)
    /// The profile lacks data the calculation needs (for example no landing table).
    case missingData(profile: String, what: String)
    /// A file that could not be read or parsed; `detail` says where and why.
    case fileProblem(path: String, detail: String)
    /// The profile store's database failed; `detail` carries SQLite's message.
    case storage(detail: String)

    public var description: String {
        switch self {
        case .outOfRange(let name, let value, let expected):
            return "\(name) \(value) is out of range: expected \(expected)."
        case .invalidValue(let name, let value, let expected):
            return "\(name) '\(value)' is not valid: expected \(expected)."
        case .unknownRunway(let runway, let available):
            let list = available.isEmpty ? "none known" : available.joined(separator: ", ")
            return "runway '\(runway)' does not exist at this airport; it has: \(list)."
        case .unknownStation(let station, let available):
            return "station '\(station)' is not in this aircraft profile; valid stations: \(available.joined(separator: ", "))."
        case .unknownProfile(let name, let available):
            let list = available.isEmpty ? "none" : available.joined(separator: ", ")
            return "no aircraft profile named '\(name)'; known profiles: \(list)."
        case .unknownAircraftType(let query):
            return "no aircraft type matches '\(query)' in the offline type data (try an ICAO designator such as C172 or a name such as 'Cessna 172')."
        case .invalidProfile(let name, let problems):
            return "profile '\(name)' is not valid: " + problems.joined(separator: "; ") + "."
        case .readOnlyProfile(let name):
            return "profile '\(name)' is a bundled example and is read-only; copy it under a new name to change it."
        case .outsideTable(let table, let name, let value, let range):
            return "\(name) \(value) is outside the \(table) table (\(range)); the table is not extrapolated."
        case .missingData(let profile, let what):
            return "profile '\(profile)' has no \(what)."
        case .fileProblem(let path, let detail):
            return "cannot use '\(path)': \(detail)."
        case .storage(let detail):
            return "profile store failed: \(detail)."
        }
    }
}

/// Formats a number for error messages and descriptions without spurious decimals.
func fmt(_ value: Double, _ decimals: Int = 0) -> String {
    if !value.isFinite { return String(value) }
    if decimals == 0 { return String(Int(value.rounded())) }
    return String(format: "%.\(decimals)f", value)
}

/// Formats a number as given (for echoing user input verbatim in errors).
func echo(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
}
