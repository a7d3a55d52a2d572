import Foundation
import Testing
@testable import Assistant
@testable import Understanding

/// The intent evaluation gates the build: `make test` fails when understanding regresses.
///
/// Two held-out splits, never used for fitting or tuning and whose misses are not read:
/// `Tests/Eval/test.jsonl` (789 cases, written in an earlier session) and `Tests/Eval/test2.jsonl`
/// (200 cases, written in this one by a writer who never saw the code). The floors below sit a
/// little under what this version measures (test 0.954 / 0.902 / 0.846 / 0.069, test2 0.955 /
/// 0.905 / 0.867 / 0.000), so the gate catches regressions; the issue-13 targets (0.95 / 0.90 /
/// 0.90 / 0.05) are met for tool and frame, not yet for follow-ups and out-of-scope false accepts.
/// The tuning sets (`dev*.jsonl`, read freely) and `ToolCatalog/training/eval.jsonl` (part of the
/// training data) are held to higher scores: they check that what was fixed stays fixed.
@Suite("Evaluation gate")
struct EvalGateTests {
    @Test("held-out split: tool ≥ 0.94, frame ≥ 0.88, follow-up frame ≥ 0.82, out-of-scope false accepts ≤ 0.085")
    func heldOut() throws {
        let cases = try Evaluation.load(Fixtures.resources.root.appendingPathComponent("Tests/Eval/test.jsonl"))
        #expect(cases.count >= 600)
        #expect(cases.filter { !$0.history.isEmpty }.count >= 150)
        #expect(cases.filter { $0.tool == nil }.count >= 100)
        Self.expect(Evaluation.run(cases, environment: try Fixtures.environment()), tool: 0.94, frame: 0.88, followUp: 0.82, falseAccepts: 0.085)
    }

    @Test("second held-out split: tool ≥ 0.93, frame ≥ 0.87, follow-up frame ≥ 0.83, out-of-scope false accepts ≤ 0.05")
    func heldOutTwo() throws {
        let cases = try Evaluation.load(Fixtures.resources.root.appendingPathComponent("Tests/Eval/test2.jsonl"))
        #expect(cases.count >= 200)
        Self.expect(Evaluation.run(cases, environment: try Fixtures.environment()), tool: 0.93, frame: 0.87, followUp: 0.83, falseAccepts: 0.05)
    }

    /// One split's scores against its floors (and its false-accept ceiling).
    static func expect(_ report: EvalReport, tool: Double, frame: Double, followUp: Double, falseAccepts: Double) {
        #expect(report.toolAccuracy >= tool, "tool accuracy \(report.toolAccuracy)")
        #expect(report.frameExactMatch >= frame, "frame exact match \(report.frameExactMatch)")
        #expect(report.followUpFrameExactMatch >= followUp, "follow-up frame exact match \(report.followUpFrameExactMatch)")
        #expect(report.oosFalseAcceptRate <= falseAccepts, "out-of-scope false accepts \(report.oosFalseAcceptRate)")
    }

    @Test("tuning sets together: tool ≥ 0.95, frame ≥ 0.90, out-of-scope false accepts ≤ 0.03")
    func tuning() throws {
        var cases: [EvalCase] = []
        for name in ["dev", "dev2", "dev3", "dev4", "dev5"] {
            cases += try Evaluation.load(Fixtures.resources.root.appendingPathComponent("Tests/Eval/\(name).jsonl"))
        }
        #expect(cases.count >= 1200)
        let report = Evaluation.run(cases, environment: try Fixtures.environment())
        #expect(report.toolAccuracy >= 0.95, "tool accuracy \(report.toolAccuracy); misses: \(report.errors.prefix(10).map { "\($0.id) \($0.input)" })")
        #expect(report.frameExactMatch >= 0.90, "frame exact match \(report.frameExactMatch)")
        #expect(report.oosFalseAcceptRate <= 0.03, "out-of-scope false accepts \(report.oosFalseAcceptRate)")
    }

    @Test("training eval file: tool accuracy ≥ 0.98, out-of-scope false accepts ≤ 0.02")
    func training() throws {
        let cases = try Evaluation.load(Fixtures.resources.root.appendingPathComponent("ToolCatalog/training/eval.jsonl"))
        #expect(cases.count >= 200)
        let report = Evaluation.run(cases, environment: try Fixtures.environment())
        #expect(report.toolAccuracy >= 0.98, "tool accuracy \(report.toolAccuracy); misses: \(report.errors.prefix(15).map { "\($0.id) \($0.input)" })")
        #expect(report.oosFalseAcceptRate <= 0.02, "out-of-scope false accepts \(report.oosFalseAcceptRate)")
    }
}
