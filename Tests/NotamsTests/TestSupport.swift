import Foundation
import Testing
@testable import Notams

/// Shared fixtures: the Q-code table and the real-NOTAM corpus, found relative to this file.
enum Fixtures {
    /// Nearest ancestor folder of this file that holds `Data/notam/qcodes.json`
    /// (works in the helper package and in the main repository).
    static let repositoryRoot: URL = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while dir.path != "/" {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Data/notam/qcodes.json").path) { return dir }
            dir = dir.deletingLastPathComponent()
        }
        fatalError("Data/notam/qcodes.json not found above \(#filePath)")
    }()

    static let qcodes: QCodeTable = {
        try! QCodeTable(contentsOf: repositoryRoot.appendingPathComponent("Data/notam/qcodes.json"))
    }()

    static let corpusDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    static func corpus(_ name: String) -> String {
        try! String(contentsOf: corpusDirectory.appendingPathComponent(name), encoding: .utf8)
    }

    static let corpusFiles = ["eidw_egll_2023.txt", "norway_ead_2018.txt", "korea_aftn_2025.txt", "misc_examples.txt", "ireland_uk_ead_2024.txt", "france_ead_2025.txt", "israel_pynotam_2015.txt", "germany_ukraine_2011_2023.txt"]

    /// Reference "now" for two-digit years in tests.
    static let now = date("2026-01-15T12:00:00Z")

    static func date(_ iso: String) -> Date { UTCTime.parseISO(iso)! }

    static func parse(_ text: String) throws -> NotamParseResult {
        try NotamParser.parse(text, qcodes: qcodes, referenceDate: now)
    }

    static func one(_ text: String) throws -> Notam {
        try NotamParser.parseSingle(text, qcodes: qcodes, referenceDate: now)
    }

    /// A fresh database path in a temporary directory.
    static func temporaryDatabase() -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("notams-tests-\(UUID().uuidString)")
        return dir.appendingPathComponent("briefings.sqlite").path
    }
}
