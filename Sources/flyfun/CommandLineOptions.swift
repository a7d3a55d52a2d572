import Assistant
import Foundation

/// A command-line mistake: exit code 64 with this message.
struct UsageError: Error {
    let message: String
}

/// The parsed command line (see ../shared/specs/cli-and-json.md).
struct CommandLineOptions {
    var command = "chat"
    var positional: [String] = []
    var json = false
    var color = "auto"
    var databasePath: String?
    var now: Date?
    var briefing: String?
    var echo = false
    var trace = false
    var ascii = false
    var geojson: String?
    var fast = false

    /// Command words and the usage text come from `CommandReference`, the table the completion
    /// scripts and the man page are generated from.
    static let commands: Set<String> = CommandReference.commandNames

    static var usage: String { CommandReference.usage }

    static func parse(_ args: [String]) throws -> CommandLineOptions {
        var o = CommandLineOptions()
        var i = 0
        var sawCommand = false
        func value(_ name: String) throws -> String {
            i += 1
            guard i < args.count else { throw UsageError(message: "\(name) needs a value") }
            return args[i]
        }
        while i < args.count {
            let a = args[i]
            switch a {
            case "--json": o.json = true
            case "--echo": o.echo = true
            case "--trace": o.trace = true
            case "--ascii": o.ascii = true
            case "--fast": o.fast = true
            case "--geojson": o.geojson = try value(a)
            case "--color", "--colour":
                let v = try value(a)
                guard ["auto", "always", "never"].contains(v) else { throw UsageError(message: "--color takes auto, always or never, not '\(v)'") }
                o.color = v
            case "--db": o.databasePath = try value(a)
            case "--briefing": o.briefing = try value(a)
            case "--now":
                let v = try value(a)
                guard let d = parseDate(v) else { throw UsageError(message: "--now '\(v)' is not an ISO-8601 UTC time like 2026-11-22T10:00:00Z") }
                o.now = d
            case "-h", "--help": o.command = "help"; sawCommand = true
            case "--version": o.command = "version"; sawCommand = true
            default:
                if a.hasPrefix("--") { throw UsageError(message: "unknown option '\(a)'") }
                if !sawCommand, o.positional.isEmpty, commands.contains(a) {
                    o.command = a
                    sawCommand = true
                } else if !sawCommand && o.positional.isEmpty {
                    throw UsageError(message: "unknown command '\(a)'")
                } else {
                    o.positional.append(a)
                }
            }
            i += 1
        }
        if o.geojson != nil, o.command != "ask" { throw UsageError(message: "--geojson goes with ask, e.g. flyfun ask \"EGTF to LFAC\" --geojson route.geojson") }
        if o.command == "ask", o.positional.isEmpty { throw UsageError(message: "ask needs a question, e.g. flyfun ask \"airports near Annecy\"") }
        return o
    }

    static func parseDate(_ s: String) -> Date? {
        let f = ISO8601DateFormatter()
        if let d = f.date(from: s) { return d }
        f.formatOptions = [.withFullDate]
        return f.date(from: s)
    }

    /// Colour only when asked, or on a terminal that is not dumb and without NO_COLOR.
    func wantsColor(isTTY: Bool) -> Bool {
        if json { return false }
        switch color {
        case "always": return true
        case "never": return false
        default:
            let env = ProcessInfo.processInfo.environment
            return isTTY && env["TERM"] != "dumb" && env["NO_COLOR"] == nil
        }
    }
}

extension CommandLineOptions {
    /// ASCII maps and charts when asked, or on a terminal whose locale is not UTF-8 (it could
    /// not show braille). Piped output stays UTF-8 so it is the same on every machine.
    func wantsASCII(isTTY: Bool) -> Bool {
        ascii || isTTY && !TerminalStyle.localeIsUTF8(ProcessInfo.processInfo.environment)
    }
}
