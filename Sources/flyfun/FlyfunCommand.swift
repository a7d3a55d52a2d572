import Assistant
import Understanding
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// flyfun's entry point: parses the command line and hands over to `Assistant`.
/// No domain logic lives here.
@main
struct FlyfunCommand {
    static func main() {
        if let failure = OutputCheck.prepareStandardStreams() {
            FileHandle.standardError.write(Data("flyfun: \(failure)\n".utf8))
            exit(1)
        }
        var code: Int32
        do {
            let options = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()))
            code = try run(options)
        } catch let error as UsageError {
            FileHandle.standardError.write(Data("flyfun: \(error.message)\nTry 'flyfun --help'.\n".utf8))
            code = 64
        } catch {
            let (_, message) = Session.errorInfo(error)
            FileHandle.standardError.write(Data("flyfun: \(message)\n".utf8))
            code = 1
        }
        if !OutputCheck.flush(), let failure = OutputCheck.failure {
            FileHandle.standardError.write(Data("flyfun: \(failure)\n".utf8))
            code = 1
        }
        fflush(nil)
        exit(code)
    }

    static func run(_ o: CommandLineOptions) throws -> Int32 {
        switch o.command {
        case "help":
            print(CommandLineOptions.usage)
            return 0
        case "version":
            let report = VersionInfo.report(resources: try? ResourceLocator.locate())
            print(o.json ? report.json.jsonText() : report.text)
            return 0
        case "completion":
            return try CompletionCommand.run(o)
        case "manpage":
            print(CommandReference.manPage(), terminator: "")
            return 0
        default:
            break
        }
        let resources = try ResourceLocator.locate()
        let progress: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        switch o.command {
        case "data":
            return try DataCommand.run(o, resources: resources, progress: progress)
        case "metar", "taf", "notam":
            return try ReportCommands.run(o, resources: resources)
        case "demo":
            return try DemoCommand.run(o, resources: resources, progress: progress)
        default:
            break
        }
        let environment = try AppEnvironment(resources: resources, databasePath: o.databasePath, now: o.now ?? Date(), progress: progress)
        if let briefing = o.briefing { try environment.loadBriefing(path: briefing) }
        let isTTY = isatty(STDOUT_FILENO) != 0
        let session = Session(environment: environment, options: SessionOptions(
            json: o.json, color: o.wantsColor(isTTY: isTTY), width: terminalWidth(isTTY: isTTY), echo: o.echo, trace: o.trace,
            ascii: o.wantsASCII(isTTY: isTTY)))
        switch o.command {
        case "ask":
            let result = session.handle(o.positional.joined(separator: " "))
            if !result.output.isEmpty { print(result.output) }
            if let path = o.geojson, !result.failed {
                // The answer is already out; a file that cannot be written is its own error.
                let message = try session.exportGeoJSON(to: path)
                if !o.json { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            }
            return result.failed ? 1 : 0
        case "eval":
            return try EvalCommand.run(o, session: session)
        case "bench":
            return try BenchCommand.run(o, environment: environment, resources: resources)
        default:
            return chat(session, isTTY: isatty(STDIN_FILENO) != 0 && isTTY)
        }
    }

    /// The conversation loop: libedit on a terminal, plain lines when piped.
    static func chat(_ session: Session, isTTY: Bool) -> Int32 {
        var failed = false
        if isTTY {
            let editor = LineEditor(completions: session.completions(for:))
            print(session.banner())
            fflush(nil)
            // \u{1}…\u{2} mark the colour codes as taking no room, so libedit places the cursor right.
            let prompt = session.options.color ? "\u{1}\u{1B}[1;36m\u{2}flyfun>\u{1}\u{1B}[0m\u{2} " : "flyfun> "
            loop: while true {
                switch editor.readLine(prompt: prompt) {
                case .end:
                    print("")
                    break loop
                case .interrupted:
                    continue
                case .line(let line):
                    let result = session.handle(line)
                    if !result.output.isEmpty { print(result.output + "\n") }
                    if !OutputCheck.flush() { return 1 }
                    // The same turns give the same exit code on a terminal and through a pipe.
                    if result.failed { failed = true }
                    if result.exit { break loop }
                }
            }
            return failed ? 1 : 0
        }
        while let line = Swift.readLine(strippingNewline: true) {
            if line.hasPrefix("#") { continue }
            let result = session.handle(line)
            if !result.output.isEmpty { print(result.output + (session.options.json ? "" : "\n")) }
            // Stop at the first answer that could not be written; main reports it.
            if !OutputCheck.flush() { return 1 }
            if result.failed { failed = true }
            if result.exit { break }
        }
        return failed ? 1 : 0
    }

    /// Columns of the terminal (`COLUMNS`, then the tty), 100 when not a terminal so piped
    /// output is the same everywhere.
    static func terminalWidth(isTTY: Bool) -> Int {
        if let c = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), c >= 40 { return min(c, 200) }
        guard isTTY else { return 100 }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 40 { return Int(size.ws_col) }
        return 100
    }
}
