import Foundation
import Testing
@testable import Assistant
@testable import Understanding

/// A conversation file: `# now: ...` / `# briefing: ...` directives, then `> question` lines
/// each followed by the exact expected answer and a blank line.
struct Transcript: CustomStringConvertible {
    var name: String
    var now: Date
    var briefing: String?
    var inputs: [String]
    /// The expected output: everything after the directives, byte for byte.
    var expected: String

    var description: String { name }

    static let directory = Fixtures.resources.root.appendingPathComponent("Tests/Transcripts")

    static func all() -> [Transcript] {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".transcript") }.sorted()
        return files.compactMap { load(directory.appendingPathComponent($0)) }
    }

    static func load(_ url: URL) -> Transcript? {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        var lines = text.components(separatedBy: "\n")
        var now = Fixtures.now
        var briefing: String?
        while let first = lines.first, first.hasPrefix("#") {
            let directive = first.dropFirst().trimmingCharacters(in: .whitespaces)
            if directive.hasPrefix("now:") {
                now = ISO8601DateFormatter().date(from: directive.dropFirst(4).trimmingCharacters(in: .whitespaces)) ?? now
            } else if directive.hasPrefix("briefing:") {
                briefing = directive.dropFirst(9).trimmingCharacters(in: .whitespaces)
            }
            lines.removeFirst()
        }
        let body = lines.joined(separator: "\n")
        let inputs = lines.filter { $0.hasPrefix("> ") }.map { String($0.dropFirst(2)) }
        return Transcript(name: url.lastPathComponent, now: now, briefing: briefing, inputs: inputs, expected: body)
    }
}

@Suite("Transcripts", .serialized)
struct TranscriptTests {
    @Test("there are transcripts for every offline tool")
    func coverage() throws {
        let all = Transcript.all()
        #expect(all.count >= 4)
        let env = Fixtures.shared
        var used = Set<String>()
        for t in all {
            let session = Session(environment: try Fixtures.environment(now: t.now), options: SessionOptions())
            for input in t.inputs {
                if let tool = env.backend.classify(input, context: session.context).tool { used.insert(tool) }
                _ = session.handle(input)
            }
        }
        let offline = Set(env.catalog.tools.filter(\.availableOffline).map(\.name))
        #expect(offline.subtracting(used).isEmpty, "tools without a transcript turn: \(offline.subtracting(used).sorted())")
    }

    @Test("replayed in-process, each transcript reads exactly as recorded", arguments: Transcript.all())
    func inProcess(_ t: Transcript) throws {
        let env = try Fixtures.environment(now: t.now)
        if let b = t.briefing { try env.loadBriefing(path: Fixtures.resources.root.appendingPathComponent(b).path) }
        let session = Session(environment: env, options: SessionOptions(width: 100, echo: true))
        var out = ""
        for input in t.inputs {
            let r = session.handle(input)
            out += r.output + "\n\n"
        }
        #expect(out == t.expected, "\(t.name) differs:\n\(firstDifference(out, t.expected))")
    }

    @Test("piped through the built binary, each transcript reads exactly as recorded", arguments: Transcript.all())
    func throughBinary(_ t: Transcript) throws {
        var args = ["--echo", "--db", Fixtures.databasePath, "--now", ISO8601DateFormatter().string(from: t.now)]
        if let b = t.briefing { args += ["--briefing", b] }
        let input = t.inputs.joined(separator: "\n") + "\n"
        let r = try Fixtures.run(args, input: input, environment: ["XDG_DATA_HOME": Fixtures.temporaryDirectory(), "COLUMNS": "100"])
        #expect(r.out == t.expected, "\(t.name) differs through the binary:\n\(firstDifference(r.out, t.expected))\nstderr: \(r.err)")
    }
}

/// The first differing line of two texts, for readable failures.
func firstDifference(_ a: String, _ b: String) -> String {
    let la = a.components(separatedBy: "\n"), lb = b.components(separatedBy: "\n")
    for i in 0..<max(la.count, lb.count) {
        let x = i < la.count ? la[i] : "<end>", y = i < lb.count ? lb[i] : "<end>"
        if x != y { return "line \(i + 1):\n  got:      \(x)\n  expected: \(y)" }
    }
    return "(identical)"
}
