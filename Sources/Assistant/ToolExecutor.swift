import Foundation
import Understanding

/// What a tool hands back: the sentences, optional table and notes, the structured result and
/// what a map would show.
public struct ToolOutput: Sendable {
    /// Lead sentences from the tool's template.
    public var summary: String
    /// Rows to show as an aligned table.
    public var table: TextTable?
    /// Lines after the table (caveats, filters not applied, sources).
    public var notes: [String]
    /// The structured result for `--json`.
    public var result: JSONValue
    public var visualization: VisualizationPayload
    /// Problems survived (e.g. a filter the data cannot answer).
    public var warnings: [String]
    /// Pictures drawn after the table at the terminal's width (a TAF's time strip, a NOTAM Gantt strip).
    public var figures: [any TerminalFigure]
    /// Whether the terminal answer draws `visualization` as a map (`--json` always carries the
    /// payload). On by default for every kind but `marker_with_details`, which many planning
    /// answers carry only to name their airport; the airport details answer turns it on.
    public var showsMap: Bool

    public init(summary: String, table: TextTable? = nil, notes: [String] = [], result: JSONValue = .null,
                visualization: VisualizationPayload = .none, warnings: [String] = [], figures: [any TerminalFigure] = []) {
        self.summary = summary; self.table = table; self.notes = notes; self.result = result
        self.visualization = visualization; self.warnings = warnings; self.figures = figures
        showsMap = visualization.kind != .markerWithDetails && TerminalMap.draws(visualization)
    }
}

/// Runs one tool with validated arguments.
public protocol ToolHandler: Sendable {
    /// Runs with `arguments` already validated and completed with the catalog defaults.
    func run(_ arguments: Arguments, definition: ToolDefinition) throws -> ToolOutput
}

/// A handler written as a closure.
public struct ClosureTool: ToolHandler {
    let body: @Sendable (Arguments, ToolDefinition) throws -> ToolOutput
    public init(_ body: @escaping @Sendable (Arguments, ToolDefinition) throws -> ToolOutput) { self.body = body }
    public func run(_ arguments: Arguments, definition: ToolDefinition) throws -> ToolOutput { try body(arguments, definition) }
}

/// Validates arguments against the catalog's JSON schema and dispatches to the tool.
public struct ToolExecutor: Sendable {
    public let catalog: ToolCatalog
    let handlers: [String: any ToolHandler]

    public init(catalog: ToolCatalog, handlers: [String: any ToolHandler]) {
        self.catalog = catalog
        self.handlers = handlers
    }

    /// Names of catalog tools without a handler, and handlers without a catalog entry (a
    /// consistency check run by the tests and at start).
    public var mismatches: [String] {
        let names = Set(catalog.tools.map(\.name)), registered = Set(handlers.keys)
        return names.subtracting(registered).map { "no handler for \($0)" } + registered.subtracting(names).map { "\($0) is not in the catalog" }
    }

    /// Validates `arguments` and runs `tool`.
    public func execute(tool: String, arguments: Arguments) throws -> ToolOutput {
        guard let def = catalog.tool(tool), let handler = handlers[tool] else { throw AssistantError.unknownTool(tool) }
        let complete = try validate(arguments, against: def)
        return try handler.run(complete, definition: def)
    }

    /// The arguments checked against the schema, with defaults filled in.
    public func validate(_ arguments: Arguments, against def: ToolDefinition) throws -> Arguments {
        var out = arguments
        for name in arguments.keys where def.properties[name] == nil {
            throw AssistantError.invalidArgument(tool: def.name, argument: name, value: arguments[name]!.jsonText(), expected: "one of \(def.properties.keys.sorted().joined(separator: ", "))")
        }
        for name in def.required where arguments[name] == nil || arguments[name] == .null {
            throw AssistantError.missingArgument(tool: def.name, argument: name)
        }
        for (name, schema) in def.properties {
            if let v = arguments[name] {
                out[name] = try Self.check(v, schema, path: name, tool: def.name)
            } else if let d = schema["default"] {
                out[name] = d
            }
        }
        return out
    }

    static func check(_ value: JSONValue, _ schema: JSONValue, path: String, tool: String) throws -> JSONValue {
        func bad(_ expected: String) -> AssistantError {
            let shown: String = value.stringValue ?? value.jsonText()
            return .invalidArgument(tool: tool, argument: path, value: shown, expected: expected)
        }
        let type = schema["type"]?.stringValue ?? ""
        switch type {
        case "string":
            guard var s = value.stringValue else { throw bad("text") }
            if let min = schema["minLength"]?.intValue, s.count < min { throw bad("at least \(min) characters") }
            if let max = schema["maxLength"]?.intValue, s.count > max { throw bad("at most \(max) characters") }
            if let options = schema["enum"]?.arrayValue?.compactMap(\.stringValue) {
                let lower = s.lowercased()
                guard let match = options.first(where: { $0.lowercased() == lower }) else { throw bad("one of \(options.joined(separator: ", "))") }
                s = match
            }
            if let pattern = schema["pattern"]?.stringValue {
                let upper = s.uppercased()
                guard upper.range(of: pattern, options: .regularExpression) != nil else { throw bad("a code matching \(pattern)") }
                s = upper
            }
            return .string(s)
        case "integer":
            guard let n = value.doubleValue ?? value.stringValue.flatMap(Double.init), n.rounded() == n else { throw bad("a whole number") }
            try range(n)
            return .number(n)
        case "number":
            guard let n = value.doubleValue ?? value.stringValue.flatMap(Double.init), n.isFinite else { throw bad("a number") }
            try range(n)
            return .number(n)
        case "boolean":
            guard let b = value.boolValue else { throw bad("true or false") }
            return .bool(b)
        case "array":
            guard let items = value.arrayValue else { throw bad("a list") }
            if let min = schema["minItems"]?.intValue, items.count < min { throw bad("at least \(min) items") }
            let itemSchema = schema["items"] ?? .object([:])
            return .array(try items.enumerated().map { try check($0.element, itemSchema, path: "\(path)[\($0.offset)]", tool: tool) })
        case "object":
            guard let object = value.objectValue else { throw bad("an object") }
            let props = schema["properties"]?.objectValue ?? [:]
            var out: [String: JSONValue] = [:]
            for (k, v) in object {
                guard let s = props[k] else {
                    if schema["additionalProperties"] == .bool(false) { throw AssistantError.invalidArgument(tool: tool, argument: "\(path).\(k)", value: v.jsonText(), expected: "one of \(props.keys.sorted().joined(separator: ", "))") }
                    out[k] = v
                    continue
                }
                out[k] = try check(v, s, path: "\(path).\(k)", tool: tool)
            }
            return .object(out)
        default:
            return value
        }
        func range(_ n: Double) throws {
            if let min = schema["minimum"]?.doubleValue, n < min { throw bad("at least \(Self.format(min))") }
            if let max = schema["maximum"]?.doubleValue, n > max { throw bad("at most \(Self.format(max))") }
        }
    }

    static func format(_ v: Double) -> String { v.rounded() == v ? String(Int(v)) : String(v) }
}
