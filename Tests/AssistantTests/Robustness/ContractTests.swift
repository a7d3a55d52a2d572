import Foundation
import Testing
@testable import Assistant
@testable import Understanding

/// Issue 10, "the contract": output failures, --json lines, usage errors, --now.
@Suite("Robustness: command-line contract")
struct ContractRobustnessTests {
    /// Runs the binary through /bin/sh so a test can redirect or close its stdout.
    static func shell(_ redirect: String, _ arguments: [String]) throws -> (err: String, code: Int32) {
        let binary = try #require(Fixtures.binary)
        let quoted = ([binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let r = try Fixtures.run(["-c", "exec \(quoted) \(redirect)"], shell: true)
        return (r.err, r.code)
    }

    @Test("an answer written to /dev/full or a closed stdout exits 1 with a message on stderr")
    func outputFailure() throws {
        let full = try Self.shell("> /dev/full", ["--db", Fixtures.databasePath, "ask", "metar EGLL"])
        #expect(full.code == 1)
        #expect(full.err.contains("cannot write the output: No space left on device"), "\(full.err)")
        let closed = try Self.shell(">&-", ["--db", Fixtures.databasePath, "metar", "EGLL 221020Z 24012KT 9999 FEW030 12/08 Q1013"])
        #expect(closed.code == 1)
        #expect(closed.err.contains("cannot write the output"), "\(closed.err)")
    }

    @Test("with --json every line is one JSON object, slash commands and unknown commands included")
    func jsonLines() throws {
        let r = try Fixtures.run(["--db", Fixtures.databasePath, "--json"], input: "/help\n/tools\nmetar EGLL 221020Z 24012KT 9999 FEW030 12/08 Q1013\n/why\n/nonsense\n\n/examples\n")
        let lines = r.out.split(separator: "\n")
        #expect(lines.count == 6, "\(r.out)")
        for line in lines {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object != nil, "not a JSON object: \(line.prefix(120))")
        }
        #expect(lines[4].contains(#""command":"/nonsense""#) && lines[4].contains(#""error":"#))
        #expect(r.code == 1, "an unknown command is a failed turn")
    }

    @Test("extra arguments, an empty --db and incomplete --now times are usage errors (64)")
    func usageErrors() throws {
        for args in [["data", "build", "extra"], ["bench", "now"], ["--db", "", "ask", "x"], ["--briefing", "", "ask", "x"],
                     ["--now", "2026-11-22", "ask", "x"], ["--now", "2026-11-22T10:00", "ask", "x"], ["--now", "2026-11-22Tgarbage", "ask", "x"],
                     ["--now", "-2026-11-22T10:00:00Z", "ask", "x"], ["--now", "2026-02-30T10:00Z", "ask", "x"], ["--now", "2026-11-22T24:50Z", "ask", "x"],
                     ["--", "--json"], ["notam", "Tests/Transcripts/fixtures/egll-briefing-1.txt", "Tests/Transcripts/fixtures/egll-briefing-2.txt"]] {
            let r = try Fixtures.run(args)
            #expect(r.code == 64, "\(args): \(r.err)")
        }
    }

    @Test("complete --now times are accepted: Z or an offset, with or without seconds; -- ends the options")
    func acceptedForms() throws {
        for now in ["2026-11-22T10:00Z", "2026-11-22T10:00:00Z", "2026-11-22T11:00+01:00", "2026-11-22T10:00:00.5Z"] {
            let r = try Fixtures.run(["--db", Fixtures.databasePath, "--now", now, "metar", "EGLL 221020Z 24012KT 9999 FEW030 12/08 Q1013"])
            #expect(r.code == 0, "\(now): \(r.err)")
        }
        let r = try Fixtures.run(["--db", Fixtures.databasePath, "--json", "ask", "--", "--weird question"])
        #expect(r.code == 0)
        #expect(r.out.contains(#""input":"--weird question""#), "\(r.out)")
    }

    @Test("the chat on a terminal and piped gives the same exit code for the same turns")
    func terminalAndPipedAgree() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return } // util-linux `script` gives the terminal
        let binary = try #require(Fixtures.binary)
        for (turns, expected) in [("airports near zzqq\n/exit\n", Int32(1)), ("metar EGLL 221020Z 24012KT 9999 FEW030 12/08 Q1013\n/exit\n", Int32(0))] {
            let piped = try Fixtures.run(["--db", Fixtures.databasePath], input: turns)
            let command = "'\(binary.path)' --db '\(Fixtures.databasePath)'"
            let terminal = try Fixtures.run(["-c", "script -qec \"\(command)\" /dev/null"], input: turns, shell: true)
            #expect(piped.code == expected, "piped: \(piped.err)")
            #expect(terminal.code == expected, "terminal: \(terminal.out.suffix(200))")
        }
    }
}
