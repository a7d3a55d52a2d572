import Foundation
import Understanding

/// Answer templates from `prompts/`: banner, help, examples, out-of-scope text, and one file
/// per tool in `prompts/answers/` whose `[section]`s hold the sentences answers are built from.
///
/// Placeholders are `{name}`; a placeholder left without a value is an error, so a template
/// and the code that fills it cannot drift apart silently.
public struct Templates: Sendable {
    private var texts: [String: String]
    private var sections: [String: [String: String]]

    public init(texts: [String: String] = [:], sections: [String: [String: String]] = [:]) {
        self.texts = texts
        self.sections = sections
    }

    /// Loads `prompts/*.txt` and `prompts/answers/*.txt`.
    public static func load(from directory: URL) throws -> Templates {
        var t = Templates()
        let fm = FileManager.default
        for file in try fm.contentsOfDirectory(atPath: directory.path) where file.hasSuffix(".txt") {
            t.texts[String(file.dropLast(4))] = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        }
        let answers = directory.appendingPathComponent("answers")
        for file in (try? fm.contentsOfDirectory(atPath: answers.path)) ?? [] where file.hasSuffix(".txt") {
            let text = try String(contentsOf: answers.appendingPathComponent(file), encoding: .utf8)
            t.sections[String(file.dropLast(4))] = parseSections(text)
        }
        return t
    }

    static func parseSections(_ text: String) -> [String: String] {
        var out: [String: String] = [:]
        var current: String?
        var lines: [String] = []
        func flush() {
            if let c = current {
                out[c] = lines.joined(separator: "\n").trimmingCharacters(in: .newlines)
            }
            lines = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                flush()
                current = String(line.dropFirst().dropLast())
            } else {
                lines.append(String(line))
            }
        }
        flush()
        return out
    }

    /// A whole prompt file (banner, help...), with placeholders filled.
    public func text(_ name: String, _ values: [String: String] = [:]) throws -> String {
        guard let t = texts[name] else { throw AssistantError.missingTemplate(name) }
        return try Self.fill(t.trimmingCharacters(in: .newlines), values, name: name)
    }

    /// Section `section` of the answer template for `tool`, filled with `values`.
    public func answer(_ tool: String, _ section: String, _ values: [String: String] = [:]) throws -> String {
        guard let t = sections[tool]?[section] else { throw AssistantError.missingTemplate("\(tool) [\(section)]") }
        return try Self.fill(t, values, name: "\(tool) [\(section)]")
    }

    /// Whether a tool's template has `section`.
    public func has(_ tool: String, _ section: String) -> Bool { sections[tool]?[section] != nil }

    static func fill(_ template: String, _ values: [String: String], name: String) throws -> String {
        var out = ""
        var i = template.startIndex
        while i < template.endIndex {
            let c = template[i]
            if c == "{", let close = template[i...].firstIndex(of: "}") {
                let key = String(template[template.index(after: i)..<close])
                if !key.isEmpty, key.allSatisfy({ $0.isLetter || $0 == "_" || $0.isNumber }) {
                    guard let v = values[key] else { throw AssistantError.missingTemplate("\(name): no value for {\(key)}") }
                    out += v
                    i = template.index(after: close)
                    continue
                }
            }
            out.append(c)
            i = template.index(after: i)
        }
        return out
    }
}
