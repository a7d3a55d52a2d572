import Foundation
import Understanding

/// Errors of the assistant layer. Each has a stable `code` for the JSON `error` object and
/// a lower-case message naming the offending input.
public enum AssistantError: Error, CustomStringConvertible, Sendable, Equatable {
    /// ToolCatalog/, prompts/ or Data/ could not be found.
    case resourcesNotFound([String])
    /// A tool named in a request does not exist.
    case unknownTool(String)
    /// An argument is missing.
    case missingArgument(tool: String, argument: String)
    /// An argument has the wrong type or is out of range.
    case invalidArgument(tool: String, argument: String, value: String, expected: String)
    /// An airport code that is not in the data.
    case unknownAirport(String)
    /// A place that could not be resolved.
    case unknownPlace(String)
    /// The tool ran and failed (bad report, I/O...).
    case toolFailed(code: String, message: String)
    /// A template is missing.
    case missingTemplate(String)

    /// The machine-readable code for `--json`.
    public var code: String {
        switch self {
        case .resourcesNotFound: return "resources_not_found"
        case .unknownTool: return "unknown_tool"
        case .missingArgument: return "missing_argument"
        case .invalidArgument: return "invalid_argument"
        case .unknownAirport: return "unknown_airport"
        case .unknownPlace: return "unknown_place"
        case .toolFailed(let code, _): return code
        case .missingTemplate: return "missing_template"
        }
    }

    public var description: String {
        switch self {
        case .resourcesNotFound(let paths):
            return "cannot find ToolCatalog/, prompts/ and Data/ (looked in \(paths.joined(separator: ", "))); reinstall with `make install`, or set FLYFUN_HOME to a folder holding them (an installed share/flyfun or the flyfun checkout)"
        case .unknownTool(let name): return "there is no tool called '\(name)'"
        case .missingArgument(let tool, let argument): return "\(tool) needs '\(argument)'"
        case .invalidArgument(let tool, let argument, let value, let expected):
            return "\(tool): '\(value)' is not a valid \(argument) (expected \(expected))"
        case .unknownAirport(let code): return "no airport with the code '\(code)' in the offline data"
        case .unknownPlace(let text):
            return "could not find a place called '\(text)' (expected an ICAO or IATA code, an airport name, a town, or 'lat, lon')"
        case .toolFailed(_, let message): return message
        case .missingTemplate(let name): return "answer template '\(name)' is missing from prompts/"
        }
    }
}
