import Foundation

/// The meaning of the 2nd+3rd letters of a Q-code (e.g. `MR` = runway).
public struct QCodeSubject: Sendable, Equatable, Encodable {
    /// Two-letter code.
    public let code: String
    /// Plain-language meaning, e.g. "runway".
    public let meaning: String
    /// Project category (`runway`, `navaid`, `obstacle`...).
    public let category: String
    /// ICAO group, e.g. "AGA - movement and landing area".
    public let group: String?
    /// True for runway surfaces, declared distances and runway lights.
    public let runwayRelated: Bool
}

/// The meaning of the 4th+5th letters of a Q-code (e.g. `LC` = closed).
public struct QCodeCondition: Sendable, Equatable, Encodable {
    /// Two-letter code.
    public let code: String
    /// Plain-language meaning, e.g. "closed".
    public let meaning: String
    /// Condition group, e.g. "limitations".
    public let group: String?
}

/// Decode tables for the ICAO NOTAM code, loaded from `Data/notam/qcodes.json`.
///
/// Lookups never guess: a code missing from the tables returns `nil` (unknown).
public struct QCodeTable: Sendable {
    private let subjects: [String: QCodeSubject]
    private let conditions: [String: QCodeCondition]
    /// Traffic letters (`I`, `V`, `IV`, `K`) to words.
    public let traffic: [String: String]
    /// Purpose letters (`N`, `B`, `O`, `M`, `K`) to words.
    public let purpose: [String: String]
    /// Scope letters (`A`, `E`, `W`, `K`) to words.
    public let scope: [String: String]
    /// Every category name used by the subjects table.
    public let categories: Set<String>

    /// Reads the JSON of `qcodes.json`.
    public init(jsonData: Data) throws {
        let root: [String: Any]
        do {
            guard let object = try JSONSerialization.jsonObject(with: jsonData) as? [String: Any] else {
                throw NotamError.invalidQCodeTable(reason: "top level is not an object")
            }
            root = object
        } catch let error as NotamError {
            throw error
        } catch {
            throw NotamError.invalidQCodeTable(reason: "not valid json (\(error.localizedDescription))")
        }
        guard let subjectObjects = root["subjects"] as? [String: Any],
              let conditionObjects = root["conditions"] as? [String: Any] else {
            throw NotamError.invalidQCodeTable(reason: "missing 'subjects' or 'conditions'")
        }
        let details = root["condition_details"] as? [String: Any] ?? [:]
        var subjects: [String: QCodeSubject] = [:]
        for (code, value) in subjectObjects {
            guard let entry = value as? [String: Any], let meaning = entry["meaning"] as? String else {
                throw NotamError.invalidQCodeTable(reason: "subject '\(code)' has no meaning")
            }
            subjects[code] = QCodeSubject(
                code: code, meaning: meaning,
                category: entry["category"] as? String ?? "other",
                group: entry["group"] as? String,
                runwayRelated: entry["runway_related"] as? Bool ?? false)
        }
        var conditions: [String: QCodeCondition] = [:]
        for (code, value) in conditionObjects {
            // Plain form is "LC": "closed"; tolerate the object form too.
            let meaning = (value as? String) ?? ((value as? [String: Any])?["meaning"] as? String)
            guard let meaning else { throw NotamError.invalidQCodeTable(reason: "condition '\(code)' has no meaning") }
            let group = (details[code] as? [String: Any])?["group"] as? String
            conditions[code] = QCodeCondition(code: code, meaning: meaning, group: group)
        }
        self.subjects = subjects
        self.conditions = conditions
        self.traffic = root["traffic"] as? [String: String] ?? [:]
        self.purpose = root["purpose"] as? [String: String] ?? [:]
        self.scope = root["scope"] as? [String: String] ?? [:]
        self.categories = Set(subjects.values.map(\.category))
    }

    /// Reads `qcodes.json` from a file URL.
    public init(contentsOf url: URL) throws {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw NotamError.invalidQCodeTable(reason: "cannot read \(url.path): \(error.localizedDescription)")
        }
        try self.init(jsonData: data)
    }

    /// The subject for a two-letter code (`"MR"`) or a full Q-code (`"QMRLC"`); nil if unknown.
    public func subject(_ code: String) -> QCodeSubject? {
        subjects[Self.part(code, subject: true)]
    }

    /// The condition for a two-letter code (`"LC"`) or a full Q-code (`"QMRLC"`); nil if unknown.
    public func condition(_ code: String) -> QCodeCondition? {
        conditions[Self.part(code, subject: false)]
    }

    /// Extracts the subject or condition letters from a full 5-letter code; 2-letter codes pass through.
    private static func part(_ code: String, subject: Bool) -> String {
        let u = code.uppercased()
        guard u.utf8.count == 5, u.hasPrefix("Q") else { return u }
        let chars = Array(u)
        return subject ? String(chars[1...2]) : String(chars[3...4])
    }
}
