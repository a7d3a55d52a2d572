import Foundation
import Understanding

/// One evaluation case: an utterance, the expected tool and arguments, and the turns before it.
public struct EvalCase: Sendable, Decodable {
    public var id: String
    public var input: String
    public var tool: String?
    public var arguments: [String: JSONValue]
    public var history: [String]

    enum CodingKeys: String, CodingKey { case id, input, tool, arguments, history }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        input = try c.decode(String.self, forKey: .input)
        tool = try c.decodeIfPresent(String.self, forKey: .tool)
        arguments = try c.decodeIfPresent([String: JSONValue].self, forKey: .arguments) ?? [:]
        history = try c.decodeIfPresent([String].self, forKey: .history) ?? []
    }
}

/// The metrics `flyfun eval` prints and `make test` gates on.
public struct EvalReport: Sendable, Encodable {
    public struct ToolScore: Sendable, Encodable { public var precision, recall, f1: Double; public var support: Int }
    public struct ArgumentScore: Sendable, Encodable { public var precision, recall: Double; public var expected, predicted, correct: Int }
    public struct Failure: Sendable, Encodable {
        public var id, input: String
        public var expectedTool, predictedTool: String?
        public var argumentErrors: [String]
        /// The stage that most likely failed: `recognizer`, `classifier`, `slot filler` or `dialogue`.
        public var stage: String
        enum CodingKeys: String, CodingKey { case id, input, stage, expectedTool = "expected_tool", predictedTool = "predicted_tool", argumentErrors = "argument_errors" }
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id); try c.encode(input, forKey: .input)
            try c.encode(expectedTool, forKey: .expectedTool); try c.encode(predictedTool, forKey: .predictedTool)
            try c.encode(argumentErrors, forKey: .argumentErrors)
            try c.encode(stage, forKey: .stage)
        }
    }

    public var cases: Int
    public var toolAccuracy: Double
    public var frameExactMatch: Double
    public var oosFalseAcceptRate: Double
    /// Cases with a history (follow-up turns) and their frame exact match.
    public var followUpCases: Int
    public var followUpFrameExactMatch: Double
    /// Misses per failing stage.
    public var stageFailures: [String: Int]
    public var perTool: [String: ToolScore]
    public var perArgument: [String: ArgumentScore]
    public var errors: [Failure]

    enum CodingKeys: String, CodingKey {
        case cases, errors
        case toolAccuracy = "tool_accuracy", frameExactMatch = "frame_exact_match", oosFalseAcceptRate = "oos_false_accept_rate"
        case followUpCases = "follow_up_cases", followUpFrameExactMatch = "follow_up_frame_exact_match", stageFailures = "stage_failures"
        case perTool = "per_tool", perArgument = "per_argument"
    }

    /// A readable summary table.
    public func text(width: Int) -> String {
        var lines = [String(format: "cases %d · tool accuracy %.3f · frame exact match %.3f · out-of-scope false accepts %.3f · follow-ups %d, frame exact %.3f",
                            cases, toolAccuracy, frameExactMatch, oosFalseAcceptRate, followUpCases, followUpFrameExactMatch),
                     "misses by stage: " + (stageFailures.isEmpty ? "none" : stageFailures.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")), ""]
        let tools = TextTable(columns: [.init("tool"), .init("precision", .right), .init("recall", .right), .init("F1", .right), .init("support", .right)],
                              rows: perTool.sorted { $0.key < $1.key }.map { [$0.key, String(format: "%.2f", $0.value.precision), String(format: "%.2f", $0.value.recall), String(format: "%.2f", $0.value.f1), String($0.value.support)] })
        lines.append(tools.render(width: width))
        lines.append("")
        let args = TextTable(columns: [.init("argument"), .init("precision", .right), .init("recall", .right), .init("expected", .right), .init("correct", .right)],
                             rows: perArgument.sorted { $0.key < $1.key }.map { [$0.key, String(format: "%.2f", $0.value.precision), String(format: "%.2f", $0.value.recall), String($0.value.expected), String($0.value.correct)] })
        lines.append(args.render(width: width))
        if !errors.isEmpty {
            lines.append("")
            lines.append("Misses (\(errors.count)):")
            for e in errors {
                var l = "  \(e.id) [\(e.stage)] \"\(e.input.prefix(70))\": expected \(e.expectedTool ?? "none"), got \(e.predictedTool ?? "none")"
                if !e.argumentErrors.isEmpty { l += " — " + e.argumentErrors.joined(separator: "; ") }
                lines.append(l)
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// Runs an evaluation set through the same backend and executor a chat uses.
public enum Evaluation {
    /// Reads a JSON-lines file of cases (blank lines and `#` lines skipped).
    public static func load(_ url: URL) throws -> [EvalCase] {
        let text = try String(contentsOf: url, encoding: .utf8)
        var cases: [EvalCase] = []
        for (n, line) in text.split(separator: "\n").enumerated() {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.isEmpty || t.hasPrefix("#") { continue }
            do { cases.append(try JSONDecoder().decode(EvalCase.self, from: Data(t.utf8))) } catch {
                throw AssistantError.toolFailed(code: "bad_eval_file", message: "\(url.lastPathComponent) line \(n + 1): \(error)")
            }
        }
        return cases
    }

    /// Flattens `filters` so each filter is scored as its own argument.
    static func flatten(_ args: [String: JSONValue]) -> [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for (k, v) in args {
            if k == "filters", let o = v.objectValue { for (fk, fv) in o { out["filters.\(fk)"] = fv } } else { out[k] = v }
        }
        return out
    }

    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case let (.string(x), .string(y)):
            return x.trimmingCharacters(in: .whitespaces).lowercased() == y.trimmingCharacters(in: .whitespaces).lowercased()
        case let (.number(x), .number(y)): return abs(x - y) <= 0.5
        case let (.array(x), .array(y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        default: return a == b
        }
    }

    /// Scores `cases`, replaying each case's history in a fresh conversation first.
    public static func run(_ cases: [EvalCase], environment: AppEnvironment) -> EvalReport {
        var correctTool = 0, exact = 0, oos = 0, oosAccepted = 0, followUps = 0, followUpExact = 0
        var stages: [String: Int] = [:]
        var tp: [String: Int] = [:], fp: [String: Int] = [:], fn: [String: Int] = [:], support: [String: Int] = [:]
        var argExpected: [String: Int] = [:], argPredicted: [String: Int] = [:], argCorrect: [String: Int] = [:]
        var failures: [EvalReport.Failure] = []
        for c in cases {
            let session = Session(environment: environment, options: SessionOptions())
            for h in c.history { _ = session.handle(h) }
            let context = session.context
            let got = environment.backend.classify(c.input, context: context)
            let expectedTool = c.tool ?? "(none)", predictedTool = got.tool ?? "(none)"
            support[expectedTool, default: 0] += 1
            if c.tool == nil {
                oos += 1
                if got.tool != nil { oosAccepted += 1 }
            }
            var argErrors: [String] = []
            if expectedTool == predictedTool {
                correctTool += 1
                tp[expectedTool, default: 0] += 1
                let expected = flatten(c.arguments), predicted = flatten(got.arguments)
                // Only tools whose arguments the set gives are scored on arguments.
                for (k, v) in expected {
                    argExpected[k, default: 0] += 1
                    if let p = predicted[k], same(v, p) { argCorrect[k, default: 0] += 1 } else {
                        argErrors.append("\(k): expected \(v.jsonText()), got \(predicted[k]?.jsonText() ?? "nothing")")
                    }
                }
                if !expected.isEmpty {
                    for (k, v) in predicted where k != "question" {
                        argPredicted[k, default: 0] += 1
                        if expected[k] == nil { argErrors.append("\(k): not expected, got \(v.jsonText())") }
                    }
                }
                if argErrors.isEmpty {
                    exact += 1
                    if !c.history.isEmpty { followUpExact += 1 }
                }
            } else {
                fp[predictedTool, default: 0] += 1
                fn[expectedTool, default: 0] += 1
            }
            if !c.history.isEmpty { followUps += 1 }
            if expectedTool != predictedTool || !argErrors.isEmpty {
                let stage = failedStage(c, got, context: context)
                stages[stage, default: 0] += 1
                failures.append(.init(id: c.id, input: c.input, expectedTool: c.tool, predictedTool: got.tool, argumentErrors: argErrors, stage: stage))
            }
        }
        var perTool: [String: EvalReport.ToolScore] = [:]
        for name in Set(support.keys).union(fp.keys) {
            let t = Double(tp[name] ?? 0), p = t + Double(fp[name] ?? 0), r = t + Double(fn[name] ?? 0)
            let precision = p == 0 ? 0 : t / p, recall = r == 0 ? 0 : t / r
            perTool[name] = .init(precision: precision, recall: recall, f1: precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall),
                                  support: support[name] ?? 0)
        }
        var perArgument: [String: EvalReport.ArgumentScore] = [:]
        for k in Set(argExpected.keys).union(argPredicted.keys) {
            let e = argExpected[k] ?? 0, p = argPredicted[k] ?? 0, c = argCorrect[k] ?? 0
            perArgument[k] = .init(precision: p == 0 ? 0 : Double(c) / Double(p), recall: e == 0 ? 0 : Double(c) / Double(e), expected: e, predicted: p, correct: c)
        }
        let n = Double(max(cases.count, 1))
        return EvalReport(cases: cases.count, toolAccuracy: Double(correctTool) / n, frameExactMatch: Double(exact) / n,
                          oosFalseAcceptRate: oos == 0 ? 0 : Double(oosAccepted) / Double(oos),
                          followUpCases: followUps, followUpFrameExactMatch: followUps == 0 ? 0 : Double(followUpExact) / Double(followUps),
                          stageFailures: stages, perTool: perTool, perArgument: perArgument, errors: failures)
    }

    /// Which stage most likely failed a case: the dialogue (a follow-up carried too much or too
    /// little), the classifier (wrong tool on a fresh question), the recognizer (an expected value
    /// that was typed but not recognised) or the slot filler (recognised but put in the wrong slot,
    /// or a wrong value).
    static func failedStage(_ c: EvalCase, _ got: Classification, context: ConversationContext) -> String {
        if !c.history.isEmpty {
            let expectedCarry = c.tool != nil && c.tool == context.lastTool
            if got.isFollowUp != expectedCarry || got.tool != c.tool { return "dialogue" }
            for (k, v) in flatten(c.arguments) where context.lastArguments[k] != nil || flatten(context.lastArguments)[k] != nil {
                if let p = flatten(got.arguments)[k], same(v, p) { continue }
                if !(v.stringValue.map { c.input.lowercased().contains($0.lowercased()) } ?? false) { return "dialogue" }
            }
        }
        if got.tool != c.tool { return "classifier" }
        let predicted = flatten(got.arguments)
        for (k, v) in flatten(c.arguments) where predicted[k] == nil || !same(v, predicted[k]!) {
            // A value typed verbatim but not in the frame was not recognised.
            if let s = v.stringValue, c.input.lowercased().contains(s.lowercased()), predicted[k] == nil { return "recognizer" }
            if case .number = v, predicted[k] == nil { return "recognizer" }
        }
        return "slot filler"
    }
}
