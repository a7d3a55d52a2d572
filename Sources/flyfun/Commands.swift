import Assistant
import Understanding
import Foundation

/// `flyfun data build|info`.
enum DataCommand {
    static func run(_ o: CommandLineOptions, resources: ResourceLocator, progress: (String) -> Void) throws -> Int32 {
        switch o.positional.first {
        case "build":
            let r = try DataInfo.build(resources: resources, databasePath: o.databasePath, progress: progress)
            print(o.json ? r.json.jsonText() : r.text)
        case "info", nil:
            let path = try AppEnvironment.ensureDatabase(resources: resources, databasePath: o.databasePath, progress: progress)
            let r = try DataInfo.info(resources: resources, databasePath: path)
            print(o.json ? r.json.jsonText() : r.text)
        case let other?:
            throw UsageError(message: "data takes build or info, not '\(other)'")
        }
        return 0
    }
}

/// Reads the report text for `metar`/`taf`/`notam`: the arguments, or stdin for `-`.
func readInput(_ positional: [String], allowFile: Bool) throws -> String {
    if positional.isEmpty || positional == ["-"] {
        return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }
    // One word that names a file, or looks like a path (`/missing.txt`), is read as a file:
    // a missing one is "no such file", never NOTAM text.
    if allowFile, positional.count == 1, FileManager.default.fileExists(atPath: positional[0]) || PathExpressions.isPathLike(positional[0]) {
        return try TextFile.read(positional[0])
    }
    return positional.joined(separator: " ")
}

/// `flyfun metar`, `flyfun taf`, `flyfun notam [diff]`.
enum ReportCommands {
    static func run(_ o: CommandLineOptions, resources: ResourceLocator) throws -> Int32 {
        let tools = try ReportTools(resources: resources, now: o.now ?? Date())
        let output: ReportTools.CommandOutput
        switch o.command {
        case "notam" where o.positional.first == "diff":
            let files = Array(o.positional.dropFirst())
            guard files.count == 2 else { throw UsageError(message: "notam diff needs two files: PREV CURR") }
            output = try tools.diff(previous: TextFile.read(files[0]), current: TextFile.read(files[1]))
        case "notam":
            let text = try readInput(o.positional, allowFile: true)
            output = tools.notams(text)
            // stdout stays the list the contract names; NOTAMs that could not be read go to stderr.
            if o.json, !output.failed, let errors = tools.notamErrors(text) {
                FileHandle.standardError.write(Data((errors.jsonText() + "\n").utf8))
            }
        case "metar" where readsStdin(o.positional), "taf" where readsStdin(o.positional):
            return printStream(o.command == "metar" ? tools.metarStream(try readInput(o.positional, allowFile: false)) : tools.tafStream(try readInput(o.positional, allowFile: false)), json: o.json)
        case "metar":
            output = tools.metar(try readInput(o.positional, allowFile: false))
        default:
            output = tools.taf(try readInput(o.positional, allowFile: false))
        }
        print(o.json ? output.json.jsonText() : output.text)
        return output.failed ? 1 : 0
    }
}

extension ReportCommands {
    /// `metar -` / `taf -` read a stream of reports; with no argument stdin is read too.
    static func readsStdin(_ positional: [String]) -> Bool { positional.isEmpty || positional == ["-"] }

    /// JSON Lines, or text blocks separated by a blank line; exit 1 only when nothing decoded.
    static func printStream(_ s: ReportTools.StreamOutput, json: Bool) -> Int32 {
        if json {
            for object in s.json { print(object.jsonText()) }
        } else {
            print(s.text.joined(separator: "\n\n"))
        }
        return s.failed ? 1 : 0
    }
}

/// `flyfun eval [FILE]`: the intent/argument evaluation set.
enum EvalCommand {
    static func run(_ o: CommandLineOptions, session: Session) throws -> Int32 {
        let url = o.positional.first.map { URL(fileURLWithPath: $0) } ?? session.environment.resources.root.appendingPathComponent("Tests/Eval/test.jsonl")
        // The evaluation set ships with the checkout, not with an install.
        guard o.positional.first != nil || FileManager.default.fileExists(atPath: url.path) else {
            throw UsageError(message: "eval needs a FILE here: \(url.path) is not installed (it comes with the flyfun checkout)")
        }
        let cases = try Evaluation.load(url)
        let report = Evaluation.run(cases, environment: session.environment)
        print(o.json ? try JSONValue(encoding: report).jsonText() : report.text(width: session.options.width))
        return 0
    }
}

/// `flyfun bench`: the benchmark table.
enum BenchCommand {
    static func run(_ o: CommandLineOptions, environment: AppEnvironment, resources: ResourceLocator) throws -> Int32 {
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
        let executable = FileManager.default.isExecutableFile(atPath: exe) ? exe : (Bundle.main.executablePath ?? exe)
        let results = try Benchmarks.run(environment: environment, executable: executable, resources: resources)
        print(o.json ? JSONValue.object(["results": try JSONValue(encoding: results)]).jsonText() : Benchmarks.text(results, width: 110))
        return 0
    }
}

/// `flyfun completion bash|zsh|fish`: the completion script, generated from `CommandReference`.
enum CompletionCommand {
    static func run(_ o: CommandLineOptions) throws -> Int32 {
        let names = CommandReference.Shell.allCases.map(\.rawValue).joined(separator: ", ")
        guard o.positional.count == 1 else { throw UsageError(message: "completion needs one shell: \(names)") }
        guard let shell = CommandReference.Shell(rawValue: o.positional[0]) else {
            throw UsageError(message: "completion takes \(names), not '\(o.positional[0])'")
        }
        print(CommandReference.completionScript(for: shell), terminator: "")
        return 0
    }
}
