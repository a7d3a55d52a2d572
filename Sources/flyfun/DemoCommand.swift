import Assistant
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `flyfun demo [FILE] [--fast]`: plays the guided tour (see `DemoScript`).
///
/// On a terminal each question is typed at reading pace, then answered; Enter goes on, `q`
/// stops. With `--fast`, or when stdin or stdout is not a terminal, the whole tour prints at
/// once. The tour runs in a throw-away user folder so its briefing imports never touch the
/// user's own briefings, and in the script's folder's parent (the resources root for the
/// shipped tour) so its relative file names resolve.
enum DemoCommand {
    /// Seconds per typed character: a brisk typist, slow enough to read along.
    static let typingDelay: useconds_t = 28_000

    static func run(_ o: CommandLineOptions, resources: ResourceLocator, progress: (String) -> Void) throws -> Int32 {
        guard o.positional.count <= 1 else { throw UsageError(message: "demo takes at most one script file, not '\(o.positional.joined(separator: " "))'") }
        let url = o.positional.first.map { URL(fileURLWithPath: $0) } ?? DemoScript.defaultFile(resources)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw UsageError(message: "cannot read the demo script '\(url.path)'")
        }
        let script = try DemoScript(text: text, name: url.lastPathComponent)
        let isTTY = isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0
        let interactive = isTTY && !o.fast && !o.json

        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let environment = try AppEnvironment(resources: resources, databasePath: o.databasePath, now: o.now ?? script.now ?? Date(),
                                             userDirectory: scratch, progress: progress)
        let session = Session(environment: environment, options: SessionOptions(
            json: o.json, color: o.wantsColor(isTTY: isatty(STDOUT_FILENO) != 0), width: FlyfunCommand.terminalWidth(isTTY: isatty(STDOUT_FILENO) != 0),
            ascii: o.wantsASCII(isTTY: isatty(STDOUT_FILENO) != 0)))
        // Relative names in the shipped tour (Data/demo/...) are relative to the resources root.
        FileManager.default.changeCurrentDirectoryPath(resources.root.path)

        let color = session.options.color
        print(bold(script.introduction(interactive: interactive), color) + "\n")
        if interactive, !waitForKey(color: color) { return 0 }
        var failed = false
        for (k, step) in script.steps.enumerated() {
            for line in step.narration { print(color ? "\u{1B}[2m# \(line)\u{1B}[0m" : "# \(line)") }
            let prompt = color ? "\u{1B}[1;36mflyfun>\u{1B}[0m " : "flyfun> "
            if interactive {
                FileHandle.standardOutput.write(Data(prompt.utf8))
                for ch in step.question {
                    FileHandle.standardOutput.write(Data(String(ch).utf8))
                    usleep(typingDelay)
                }
                print("")
            } else {
                print(prompt + step.question)
            }
            let result = session.handle(step.question)
            if result.failed { failed = true }
            print(result.output + "\n")
            fflush(nil)
            if interactive, k + 1 < script.steps.count, !waitForKey(color: color) { return 0 }
        }
        print(color ? "\u{1B}[2m(end of the tour: `flyfun` starts a chat of your own)\u{1B}[0m" : "(end of the tour: `flyfun` starts a chat of your own)")
        return failed ? 1 : 0
    }

    static func bold(_ text: String, _ color: Bool) -> String {
        guard color, let nl = text.firstIndex(of: "\n") else { return text }
        return "\u{1B}[1m" + text[..<nl] + "\u{1B}[0m" + text[nl...]
    }

    /// A private folder for the tour's briefings and statuses, removed at the end.
    static func makeScratchDirectory() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/flyfun-demo-XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else { throw UsageError(message: "cannot create a temporary folder for the demo") }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Waits for one key without echo: false for `q`/`Q`, Ctrl-D or end of input.
    static func waitForKey(color: Bool) -> Bool {
        let hint = color ? "\u{1B}[2m[Enter: next, q: stop]\u{1B}[0m" : "[Enter: next, q: stop]"
        FileHandle.standardOutput.write(Data(hint.utf8))
        defer { FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8)) }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return Swift.readLine().map { $0.lowercased() != "q" } ?? false }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        var byte: UInt8 = 0
        while read(STDIN_FILENO, &byte, 1) == 1 {
            switch byte {
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), 4: return false
            case 10, 13, UInt8(ascii: " "): return true
            default: continue
            }
        }
        return false
    }
}
