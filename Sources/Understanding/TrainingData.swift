import Foundation

/// The labelled utterances the classifier is fitted on: `ToolCatalog/training/*.jsonl` (one case
/// per line, the evaluation format: `input`, `tool`, `arguments`, `history`) plus every
/// catalog example.
///
/// Follow-up cases (with a `history`) are left out of classifier training: "only with customs"
/// is labelled with the previous turn's tool, which says nothing about the words themselves.
public struct TrainingData: Sendable {
    /// The utterances with their tool (or `IntentClassifier.noneLabel`).
    public var examples: [(input: String, label: String)]
    /// A hash of everything that went in, to key the cached model.
    public var fingerprint: UInt64

    /// Reads every `*.jsonl` in `directory` and the catalog's examples.
    public static func load(directory: URL, catalog: ToolCatalog) throws -> TrainingData {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
        var examples: [(String, String)] = []
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ s: String) { for b in s.utf8 { hash ^= UInt64(b); hash &*= 0x100_0000_01b3 } }
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            mix(file)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let t = line.trimmingCharacters(in: .whitespaces)
                if t.isEmpty || t.hasPrefix("#") { continue }
                guard let o = (try? JSONSerialization.jsonObject(with: Data(t.utf8))) as? [String: Any], let input = o["input"] as? String else {
                    throw UnderstandingError.invalidTrainingData(file: file, line: n + 1, message: "expected a JSON object with 'input' and 'tool'")
                }
                let tool = o["tool"] as? String
                if let tool, catalog.tool(tool) == nil {
                    throw UnderstandingError.invalidTrainingData(file: file, line: n + 1, message: "unknown tool '\(tool)'")
                }
                mix(t)
                if let history = o["history"] as? [Any], !history.isEmpty { continue }
                examples.append((input, tool ?? IntentClassifier.noneLabel))
            }
        }
        for tool in catalog.tools {
            for e in tool.examples { examples.append((e, tool.name)); mix(e) }
        }
        return TrainingData(examples: examples, fingerprint: hash)
    }
}

/// Keeps the fitted classifier in the cache folder beside the airport database, keyed by the
/// training data's fingerprint, so it is fitted once (like the database is built once).
public enum IntentModelCache {
    /// Bumped whenever the features or the classifier's text normalisation change.
    public static let featureVersion = 3

    /// The cached model for `data`, fitting and saving it first when there is none.
    /// - Parameters:
    ///   - directory: the cache folder (`$XDG_CACHE_HOME/flyfun`).
    ///   - key: extra key material (e.g. the database name, since the text normalisation reads codes from it).
    ///   - normalise: the classifier's view of an utterance.
    public static func model(for data: TrainingData, directory: String, key: String, normalise: (String) -> String,
                             progress: (String) -> Void = { _ in }) -> IntentClassifier {
        var h = data.fingerprint
        for b in "\(featureVersion)|\(key)".utf8 { h ^= UInt64(b); h &*= 0x100_0000_01b3 }
        let path = directory + "/intent-\(String(h, radix: 16)).model"
        if let bytes = FileManager.default.contents(atPath: path), let model = IntentClassifier(serialized: bytes) { return model }
        progress("Fitting the intent classifier on \(data.examples.count) utterances (first start only)…")
        let model = IntentClassifier.train(data.examples.map { .init(text: normalise($0.input), label: $0.label) })
        // Written beside the final name and renamed, so a killed start never leaves half a model.
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        if FileManager.default.createFile(atPath: temporary, contents: model.serialized(), attributes: [.posixPermissions: 0o600]) {
            if rename(temporary, path) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
        }
        return model
    }
}
