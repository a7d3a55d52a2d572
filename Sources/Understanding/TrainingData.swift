import Foundation

/// The labelled utterances the classifier is fitted on: `ToolCatalog/training/*.jsonl` (one case
/// per line, the evaluation format: `input`, `tool`, `arguments`, `history`) plus every
/// catalog example.
///
/// Follow-up cases (with a `history`) are left out of classifier training: their label is the
/// whole frame after the turn, read against the history. The words of real follow-ups reach the
/// classifier as lines of their own (`devturns.jsonl`: a turn's text and the tool it asks), so the
/// dialogue rules, not the classifier, decide what such a turn changes.
public struct TrainingData: Sendable {
    /// The training files and the catalog, not yet read: reading 5,000 lines costs more than a
    /// start-up may, so they are parsed only when a model has to be fitted.
    let directory: URL
    let catalog: ToolCatalog
    /// A hash of the files' bytes and the catalog's examples, to key the cached model.
    public let fingerprint: UInt64

    /// Hashes every `*.jsonl` in `directory` and the catalog's examples.
    public static func load(directory: URL, catalog: ToolCatalog) throws -> TrainingData {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix<S: Sequence>(_ bytes: S) where S.Element == UInt8 { for b in bytes { hash ^= UInt64(b); hash &*= 0x100_0000_01b3 } }
        for file in files(in: directory) {
            mix(file.utf8)
            mix(try Data(contentsOf: directory.appendingPathComponent(file)))
        }
        for tool in catalog.tools { for e in tool.examples { mix(e.utf8) } }
        // The classifier's text normalisation reads the lexicon (common words, typos): part of the key.
        let lexicon = directory.deletingLastPathComponent().appendingPathComponent("lexicon")
        for file in ((try? FileManager.default.contentsOfDirectory(atPath: lexicon.path)) ?? []).sorted() {
            mix(file.utf8)
            mix((try? Data(contentsOf: lexicon.appendingPathComponent(file))) ?? Data())
        }
        return TrainingData(directory: directory, catalog: catalog, fingerprint: hash)
    }

    static func files(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
    }

    /// The labelled utterances (tool name or `IntentClassifier.noneLabel`); a bad line is an error naming it.
    public func examples() throws -> [(input: String, label: String)] {
        var examples: [(String, String)] = []
        for file in Self.files(in: directory) {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
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
                if let history = o["history"] as? [Any], !history.isEmpty { continue }
                examples.append((input, tool ?? IntentClassifier.noneLabel))
            }
        }
        for tool in catalog.tools {
            for e in tool.examples { examples.append((e, tool.name)) }
        }
        return examples
    }
}

/// Keeps the fitted classifier in the cache folder beside the airport database, keyed by the
/// training data's fingerprint, so it is fitted once (like the database is built once).
public enum IntentModelCache {
    /// Bumped whenever the features or the classifier's text normalisation change.
    public static let featureVersion = 3
    private static let fitLock = NSLock()

    /// The cached model for `data`, fitting and saving it first when there is none.
    /// - Parameters:
    ///   - directory: the cache folder (`$XDG_CACHE_HOME/flyfun`).
    ///   - key: extra key material (e.g. the database name, since the text normalisation reads codes from it).
    ///   - normalise: the classifier's view of an utterance.
    public static func model(for data: TrainingData, directory: String, key: String, normalise: (String) -> String,
                             progress: (String) -> Void = { _ in }) throws -> IntentClassifier {
        var h = data.fingerprint
        for b in "\(featureVersion)|\(key)".utf8 { h ^= UInt64(b); h &*= 0x100_0000_01b3 }
        let path = directory + "/intent-\(String(h, radix: 16)).model"
        // One fit at a time in a process: a second caller then reads the file the first wrote.
        fitLock.lock()
        defer { fitLock.unlock() }
        if let bytes = FileManager.default.contents(atPath: path), let model = IntentClassifier(serialized: bytes) { return model }
        let examples = try data.examples()
        progress("Fitting the intent classifier on \(examples.count) utterances (first start only)…")
        let model = IntentClassifier.train(examples.map { .init(text: normalise($0.input), label: $0.label) })
        // Written beside the final name and renamed, so a killed start never leaves half a model.
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        if FileManager.default.createFile(atPath: temporary, contents: model.serialized(), attributes: [.posixPermissions: 0o600]) {
            if rename(temporary, path) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
            // Models of earlier training data are ours (our name pattern, our folder) and now unused.
            for old in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            where old.hasPrefix("intent-") && old.hasSuffix(".model") && directory + "/" + old != path {
                try? FileManager.default.removeItem(atPath: directory + "/" + old)
            }
        }
        return model
    }
}
