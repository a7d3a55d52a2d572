import Foundation

/// The guided tour `flyfun demo` plays, read from an editable transcript file.
///
/// The format is the test transcripts' (so a recorded transcript plays as a demo):
/// `# now: 2023-05-15T10:00:00Z` and `# title: ...` directives at the top, then `> question`
/// lines. Any other `# ...` line is narration shown before the next question; every other line
/// (a recorded answer, a blank) is ignored: the demo always asks afresh.
public struct DemoScript: Sendable, Equatable {
    /// One question and the narration shown before it.
    public struct Step: Sendable, Equatable {
        public var narration: [String]
        public var question: String
    }

    /// The clock the tour runs at (its METARs, TAFs and NOTAMs are dated for it).
    public var now: Date?
    public var title: String
    public var steps: [Step]

    /// The tour shipped with flyfun.
    public static func defaultFile(_ resources: ResourceLocator) -> URL {
        resources.data.appendingPathComponent("demo/tour.transcript")
    }

    /// Parses a script; throws naming the line when a directive is malformed or there is no question.
    public init(text: String, name: String) throws {
        now = nil
        title = "flyfun demo"
        steps = []
        var narration: [String] = []
        var header = true
        for (n, raw) in text.components(separatedBy: "\n").enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("> ") || line == ">" {
                header = false
                let q = line.dropFirst(1).trimmingCharacters(in: .whitespaces)
                if !q.isEmpty { steps.append(Step(narration: narration, question: q)) }
                narration = []
            } else if line.hasPrefix("#") {
                let body = line.dropFirst().trimmingCharacters(in: .whitespaces)
                let lower = body.lowercased()
                if header, lower.hasPrefix("now:") {
                    let value = body.dropFirst(4).trimmingCharacters(in: .whitespaces)
                    guard let d = ISO8601DateFormatter().date(from: value) else {
                        throw AssistantError.toolFailed(code: "bad_demo_script", message: "\(name) line \(n + 1): '\(value)' is not a UTC time like 2023-05-15T10:00:00Z")
                    }
                    now = d
                } else if header, lower.hasPrefix("title:") {
                    title = body.dropFirst(6).trimmingCharacters(in: .whitespaces)
                } else {
                    header = false
                    if !body.isEmpty { narration.append(body) }
                }
            } else if !line.isEmpty {
                header = false
            }
        }
        guard !steps.isEmpty else {
            throw AssistantError.toolFailed(code: "bad_demo_script", message: "\(name) has no '> question' line to play")
        }
    }

    /// The first screen: what the tour is and that it needs no network.
    public func introduction(interactive: Bool) -> String {
        var lines = [title, "",
                     "Everything you are about to see runs offline: airports, maps, weather decoding, NOTAMs and",
                     "planning all come from data on this machine. Pull the network cable out; it still works.",
                     "\(steps.count) questions, typed as a pilot would."]
        if interactive { lines.append("Enter: next question   q: stop") }
        return lines.joined(separator: "\n")
    }
}
