import Foundation

/// One tool as declared in `ToolCatalog/<name>.json`: the shared grammar that the backend
/// classifies against, the executor validates against, and `/tools` lists.
public struct ToolDefinition: Sendable, Decodable {
    public let name: String
    public let description: String
    /// airports, rules, weather, notams, planning: groups `/tools` output.
    public let category: String
    /// `false` for tools that need the online service; still recognised so the answer is honest.
    public let availableOffline: Bool
    /// A JSON-schema object (`type: object`, `properties`, `required`, defaults).
    public let parameters: JSONValue
    public let examples: [String]
    /// Keyword weights the keyword backend scores utterances with.
    public let intent: Intent

    /// How the keyword backend recognises this tool.
    public struct Intent: Sendable, Decodable {
        /// Phrase → weight; phrases are matched on word boundaries in the folded input.
        public let keywords: [String: Double]
        /// What the utterance must name for this tool to apply: `two_locations`, `location`,
        /// `airport`, `country`, `two_countries`, `query`, `report`, `notam_text`, or `none`.
        public let needs: String
        /// How a follow-up merges each argument into the previous frame: `replace` (the default:
        /// a new value replaces the old), `keep` (never changed by a follow-up), `accumulate`
        /// (objects merge key by key: filters) or `clear` (dropped when the follow-up changes anything).
        public let followup: [String: String]?

        /// Clarifying questions: when none of `anyOf` was given, the turn asks `question` instead
        /// of failing, and the next line answers it.
        public let ask: [Question]?
        /// Abbreviations that count only typed in capitals and standing alone, word → weight:
        /// "DA" is density altitude, while "da" in lower case is Italian or Portuguese for "from".
        public let capitalKeywords: [String: Double]?

        enum CodingKeys: String, CodingKey {
            case keywords, needs, followup, ask
            case capitalKeywords = "capital_keywords"
        }
        public struct Question: Sendable, Decodable {
            public let anyOf: [String]
            public let question: String
            enum CodingKeys: String, CodingKey { case anyOf = "any_of", question }
        }

        /// Whether `rule` is a follow-up merge rule this tool can use: `replaced_by:<parameters>` (this
        /// argument goes when the turn gives one of those), `reset_by:<parameters>` (this argument goes
        /// when one of those changes from one value to another: a runway belongs to its airport) and
        /// `default_from:<parameter>` (when the
        /// turn replaces that parameter and leaves this argument empty, the old value fills it:
        /// "save it as G-BXYZ" after showing C172S copies C172S) must name the tool's parameters.
        static func isValidMergeRule(_ rule: String, tool: ToolDefinition) -> Bool {
            if ["replace", "keep", "accumulate", "clear", "same_tool"].contains(rule) { return true }
            for prefix in ["replaced_by:", "reset_by:", "default_from:"] where rule.hasPrefix(prefix) {
                let names = rule.dropFirst(prefix.count).split(separator: ",").map(String.init)
                return !names.isEmpty && names.allSatisfy { tool.properties[$0] != nil }
            }
            return false
        }

        /// The merge rule of `argument`.
        public func mergeRule(_ argument: String) -> String { followup?[argument] ?? (argument == "filters" ? "accumulate" : "replace") }

        /// Whether `argument`'s `replaced_by:` rule names an argument present in `arguments`.
        public func isReplaced(_ argument: String, by arguments: [String: JSONValue]) -> Bool {
            ruleParameters(argument, "replaced_by:").contains { arguments[$0] != nil }
        }

        /// The parameters `argument`'s rule of kind `prefix` names (empty when its rule is another).
        func ruleParameters(_ argument: String, _ prefix: String) -> [String] {
            let rule = mergeRule(argument)
            return rule.hasPrefix(prefix) ? rule.dropFirst(prefix.count).split(separator: ",").map(String.init) : []
        }

        /// Whether `argument`'s `reset_by:` rule names an argument that held a value before and holds
        /// another one now ("and at LOAV?" after runway 28 at EDTY: that runway is not LOAV's).
        public func isReset(_ argument: String, from previous: [String: JSONValue], to current: [String: JSONValue]) -> Bool {
            ruleParameters(argument, "reset_by:").contains { name in
                guard let old = previous[name]?.stringValue, let new = current[name]?.stringValue else { return false }
                return old.lowercased() != new.lowercased()
            }
        }

        /// The `default_from:` rules: each argument and the parameter whose old value fills it.
        public var defaultFromRules: [(argument: String, source: String)] {
            (followup ?? [:]).compactMap { k, rule in rule.hasPrefix("default_from:") ? (k, String(rule.dropFirst("default_from:".count))) : nil }
        }
    }

    enum CodingKeys: String, CodingKey {
        case name, description, category, parameters, examples, intent
        case availableOffline = "available_offline"
    }

    /// The parameter schemas by name.
    public var properties: [String: JSONValue] { parameters["properties"]?.objectValue ?? [:] }

    /// Names of the required parameters.
    public var required: [String] { parameters["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] }

    /// The first clarifying question `arguments` leave open: the missing arguments and the
    /// question, or nil when the tool has what it needs. Required parameters without a declared
    /// question get a plain one.
    public func missingValue(in arguments: Arguments) -> (missing: [String], question: String)? {
        for q in intent.ask ?? [] where !q.anyOf.contains(where: { arguments[$0] != nil }) {
            return (q.anyOf, q.question)
        }
        if let r = required.first(where: { arguments[$0] == nil }) {
            return ([r], "\(description) Which \(r.replacingOccurrences(of: "_", with: " "))?")
        }
        return nil
    }

    /// The default of a parameter, if the schema gives one.
    public func defaultValue(_ parameter: String) -> JSONValue? { properties[parameter]?["default"] }
}

/// All tools, loaded from `ToolCatalog/*.json` at start.
public struct ToolCatalog: Sendable {
    /// Tools in name order.
    public let tools: [ToolDefinition]
    private let byName: [String: ToolDefinition]

    public init(tools: [ToolDefinition]) {
        self.tools = tools.sorted { $0.name < $1.name }
        var byName: [String: ToolDefinition] = [:]
        for t in tools { byName[t.name] = t }
        self.byName = byName
    }

    /// Loads every `*.json` in `directory`; a malformed file is an error naming it.
    public static func load(from directory: URL) throws -> ToolCatalog {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        var tools: [ToolDefinition] = []
        for file in files {
            let url = directory.appendingPathComponent(file)
            do {
                let tool = try JSONDecoder().decode(ToolDefinition.self, from: Data(contentsOf: url))
                guard tool.name + ".json" == file else {
                    throw UnderstandingError.invalidCatalog(file: file, message: "the file name must be the tool name '\(tool.name).json'")
                }
                if let bad = tool.intent.capitalKeywords?.keys.first(where: { $0 != $0.uppercased() || $0.contains(" ") || $0.isEmpty }) {
                    throw UnderstandingError.invalidCatalog(file: file, message: "capital keyword '\(bad)' must be one word in capitals")
                }
                for (argument, rule) in tool.intent.followup ?? [:] where !ToolDefinition.Intent.isValidMergeRule(rule, tool: tool) {
                    throw UnderstandingError.invalidCatalog(file: file, message: "follow-up rule '\(rule)' of '\(argument)' is not one of "
                        + "replace, keep, accumulate, clear, same_tool, replaced_by:<parameter> or default_from:<parameter>")
                }
                tools.append(tool)
            } catch let error as UnderstandingError {
                throw error
            } catch {
                throw UnderstandingError.invalidCatalog(file: file, message: "\(error)")
            }
        }
        return ToolCatalog(tools: tools)
    }

    /// The tool called `name`.
    public func tool(_ name: String) -> ToolDefinition? { byName[name] }
}
