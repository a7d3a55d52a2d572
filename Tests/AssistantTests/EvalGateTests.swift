import Foundation
import Testing
@testable import Assistant
@testable import Understanding

/// The intent evaluation gates the build: `make test` fails when understanding regresses.
///
/// `Tests/Eval/test.jsonl` is the held-out split: written by people who never saw the rules or
/// the classifier, before any failure was looked at, and never used for fitting or tuning. The
/// floors below are what this version reaches on it (measured 0.939 / 0.851 / 0.778 / 0.092),
/// a little under, so the gate catches regressions; the targets in issue 13 are higher
/// (0.95 / 0.90 / 0.90 / 0.05) and not yet met. `ToolCatalog/training/eval.jsonl` is part of the
/// training data and is held to a near-perfect score (it checks the rules still do what they did).
@Suite("Evaluation gate")
struct EvalGateTests {
    @Test("held-out split: tool ≥ 0.92, frame ≥ 0.82, follow-up frame ≥ 0.74, out-of-scope false accepts ≤ 0.11")
    func heldOut() throws {
        let cases = try Evaluation.load(Fixtures.resources.root.appendingPathComponent("Tests/Eval/test.jsonl"))
        #expect(cases.count >= 600)
        #expect(cases.filter { !$0.history.isEmpty }.count >= 150)
        #expect(cases.filter { $0.tool == nil }.count >= 100)
        let report = Evaluation.run(cases, environment: try Fixtures.environment())
        #expect(report.toolAccuracy >= 0.92, "tool accuracy \(report.toolAccuracy)")
        #expect(report.frameExactMatch >= 0.82, "frame exact match \(report.frameExactMatch)")
        #expect(report.followUpFrameExactMatch >= 0.74, "follow-up frame exact match \(report.followUpFrameExactMatch)")
        #expect(report.oosFalseAcceptRate <= 0.11, "out-of-scope false accepts \(report.oosFalseAcceptRate)")
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
