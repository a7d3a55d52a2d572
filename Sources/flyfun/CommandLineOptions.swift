import Assistant
import Foundation
import Understanding

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
        var optionsEnded = false
        while i < args.count {
            let a = args[i]
            // After `--` every word is an argument, even one that starts with dashes.
            if optionsEnded || a == "--" {
                if optionsEnded {
                    if !sawCommand && o.positional.isEmpty && commands.contains(a) { o.command = a; sawCommand = true } else { o.positional.append(a) }
                }
                optionsEnded = true
                i += 1
                continue
            }
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
            case "--db": o.databasePath = try nonEmpty(a, value(a))
            case "--briefing": o.briefing = try nonEmpty(a, value(a))
            case "--now":
                let v = try value(a)
                guard let d = parseDate(v) else {
                    throw UsageError(message: "--now '\(v)' is not a complete time: give date, hours, minutes (seconds optional) and Z or an offset, like 2026-11-22T10:00:00Z or 2026-11-22T11:00+01:00")
                }
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
        try checkArgumentCount(o)
        if o.command == "ask", o.positional.isEmpty { throw UsageError(message: "ask needs a question, e.g. flyfun ask \"airports near Annecy\"") }
        return o
    }

    /// A path option's value: an empty one (`--db ''`) is a mistake, not "the current folder".
    static func nonEmpty(_ name: String, _ value: String) throws -> String {
        guard !value.isEmpty else { throw UsageError(message: "\(name) needs a non-empty path") }
        return value
    }

    /// Commands that take a fixed number of arguments refuse extra words instead of ignoring them.
    static func checkArgumentCount(_ o: CommandLineOptions) throws {
        let most: Int?
        switch o.command {
        case "data", "eval", "demo", "completion": most = 1
        case "bench", "help", "version", "chat", "manpage": most = 0
        case "notam": most = o.positional.first == "diff" ? 3 : nil
        default: most = nil
        }
        // `notam FILE` takes one file; several words are NOTAM text, unless they name files.
        if o.command == "notam", o.positional.first != "diff", o.positional.count > 1,
           o.positional.contains(where: { FileManager.default.fileExists(atPath: $0) || PathExpressions.isPathLike($0) }) {
            throw UsageError(message: "notam takes one FILE (or the NOTAM text, or - for stdin); to compare two briefings: notam diff PREV CURR")
        }
        if let most, o.positional.count > most {
            let extra = o.positional.dropFirst(most).map { "'\($0)'" }.joined(separator: " ")
            throw UsageError(message: "\(o.command) takes \(most == 0 ? "no arguments" : "at most \(most) argument\(most == 1 ? "" : "s")"); unexpected \(extra)")
        }
    }

    /// A complete ISO-8601 timestamp: `YYYY-MM-DDTHH:MM`, optional `:SS` (and fraction), then `Z`
    /// or an offset `±HH:MM`/`±HHMM`. Anything else (a date alone, a missing zone, garbage after
    /// the `T`, out-of-range fields) is nil, never a guess such as midnight.
    static func parseDate(_ s: String) -> Date? {
        let pattern = #"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))$"#
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let m = regex.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) else { return nil }
        func group(_ i: Int) -> Int? {
            guard let r = Range(m.range(at: i), in: s) else { return nil }
            return Int(s[r])
        }
        guard let year = group(1), let month = group(2), let day = group(3), let hour = group(4), let minute = group(5) else { return nil }
        let second = group(6) ?? 0
        var offset = 0
        if m.range(at: 8).location != NSNotFound, let oh = group(9), let om = group(10) {
            guard oh <= 18, om <= 59 else { return nil }
            offset = (oh * 3600 + om * 60) * (s[Range(m.range(at: 8), in: s)!] == "-" ? -1 : 1)
        }
        guard (1...12).contains(month), (1...31).contains(day), hour <= 23, minute <= 59, second <= 59 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        // 2026-02-30 must not roll over into March.
        guard let date = calendar.date(from: components), calendar.component(.day, from: date) == day else { return nil }
        let fraction = s.range(of: #"\.\d+"#, options: .regularExpression).flatMap { Double("0" + s[$0]) } ?? 0
        return date.addingTimeInterval(fraction - Double(offset))
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
