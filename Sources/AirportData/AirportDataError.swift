import Foundation

/// Everything that can go wrong in the airport data layer. Messages name the offending input.
public enum AirportDataError: Error, CustomStringConvertible, Sendable {
    /// No airport has this code.
    case unknownAirport(String)
    /// A code that exists but whose airport is closed: ident and name.
    case closedAirport(String, name: String)
    /// A place name that matches no airport, town or coordinate.
    case unknownPlace(String)
    /// A source file lacks a column the importer needs.
    case missingColumn(String, file: String)
    /// A source file is missing from the data folder.
    case missingSource(String)
    /// The database could not be built or opened.
    case database(String)
    /// A search text with nothing searchable in it.
    case emptyQuery
    /// A path that exists and is not a flyfun airport database: never replaced.
    case notOurDatabase(path: String, reason: String)
    /// The airport database is damaged or from another schema: path and what was found.
    case damagedDatabase(path: String, reason: String)

    public var description: String {
        switch self {
        case .unknownAirport(let code):
            return "no airport with the code '\(code)' in the offline data"
        case .closedAirport(let code, let name):
            return "\(code) (\(name)) is closed according to OurAirports: there is no current data for it; give another airport"
        case .unknownPlace(let text):
            return "could not find a place called '\(text)' (expected an ICAO or IATA code, an airport name, a town, or 'lat, lon')"
        case .missingColumn(let column, let file):
            return "the data file \(file) has no column '\(column)'"
        case .missingSource(let path):
            return "the data file \(path) is missing; rebuild from a complete checkout"
        case .database(let message):
            return "airport database: \(message)"
        case .emptyQuery:
            return "the search is empty: give an ICAO code, a name, a town or a country"
        case .notOurDatabase(let path, let reason):
            return "refusing to replace '\(path)': \(reason); give --db a new file name or an existing flyfun airport database"
        case .damagedDatabase(let path, let reason):
            return "the airport database '\(path)' is damaged (\(reason))"
        }
    }
}
