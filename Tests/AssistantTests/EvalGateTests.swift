import Foundation
import Testing
@testable import Assistant
@testable import Understanding

/// The intent evaluation set gates the build: `make test` fails when accuracy drops.
@Suite("Evaluation gate")
struct EvalGateTests {
    @Test("tool accuracy ≥ 0.95 and out-of-scope false accepts ≤ 0.05 on ToolCatalog/training/eval.jsonl")
    func gate() throws {
        let cases = try Evaluation.load(Fixtures.resources.root.appendingPathComponent("ToolCatalog/training/eval.jsonl"))
        #expect(cases.count >= 200)
        let report = Evaluation.run(cases, environment: try Fixtures.environment())
        #expect(report.toolAccuracy >= 0.95, "tool accuracy \(report.toolAccuracy); misses: \(report.errors.prefix(15).map { "\($0.id) \($0.input)" })")
        #expect(report.oosFalseAcceptRate <= 0.05, "out-of-scope false accepts \(report.oosFalseAcceptRate)")
    }
}
