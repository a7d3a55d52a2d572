import Foundation
import Testing
@testable import Assistant
@testable import Understanding

/// The intent evaluation gates the build: `make test` fails when understanding regresses.
///
/// Seven held-out splits, never used for fitting or tuning and whose misses are not read:
/// `Tests/Eval/test.jsonl` (789 cases, written in an earlier session), `Tests/Eval/test2.jsonl`
/// (200 cases), `Tests/Eval/test3.jsonl` (260 cases, 110 follow-ups, 60 out of scope),
/// `Tests/Eval/test4.jsonl` (280 cases, 124 with a history, 54 out of scope),
/// `Tests/Eval/test5.jsonl` (300 cases, 212 with a history, 50 out of scope),
/// `Tests/Eval/test6.jsonl` (300 cases, 220 with a history, 50 out of scope) and
/// `Tests/Eval/test7.jsonl` (300 cases, 237 with a history, 50 out of scope), each written by a
/// writer who never saw the code. Measured by this version (tool / frame / follow-up frame /
/// out-of-scope false accepts): test 0.977 / 0.944 / 0.910 / 0.023, test2 0.995 / 0.965 / 0.960 /
/// 0.000, test3 0.992 / 0.981 / 0.991 / 0.000, test4 0.989 / 0.954 / 0.952 / 0.019, test5 0.987 /
/// 0.957 / 0.943 / 0.000, test6 0.977 / 0.913 / 0.909 / 0.020 (first measured 0.940 / 0.843 /
/// 0.832 / 0.040), test7 0.970 / 0.913 / 0.903 / 0.040 (first measured 0.920 / 0.847 / 0.831 /
/// 0.040). Each is gated at the issue-13 targets (0.95 / 0.90 / 0.90 / 0.05) or higher, so the
/// gate catches regressions. The tuning sets (`dev*.jsonl`, read
/// freely) and `ToolCatalog/training/eval.jsonl` (part of the training data) are held to higher
/// scores: they check that what was fixed stays fixed.
@Suite("Evaluation gate")
struct EvalGateTests {
    /// One held-out split: its file, the least it must hold, and its floors (and false-accept ceiling).
    struct Split: Sendable, CustomStringConvertible {
        let file: String
        let minCases: Int, minHistory: Int, minOutOfScope: Int
        let tool: Double, frame: Double, followUp: Double, falseAccepts: Double
        var description: String { "\(file): tool ≥ \(tool), frame ≥ \(frame), follow-up frame ≥ \(followUp), false accepts ≤ \(falseAccepts)" }
    }

    static let splits = [
        Split(file: "test", minCases: 600, minHistory: 150, minOutOfScope: 100, tool: 0.95, frame: 0.92, followUp: 0.90, falseAccepts: 0.05),
        Split(file: "test2", minCases: 200, minHistory: 0, minOutOfScope: 0, tool: 0.95, frame: 0.92, followUp: 0.90, falseAccepts: 0.05),
        Split(file: "test3", minCases: 250, minHistory: 0, minOutOfScope: 50, tool: 0.95, frame: 0.95, followUp: 0.95, falseAccepts: 0.05),
        Split(file: "test4", minCases: 280, minHistory: 120, minOutOfScope: 50, tool: 0.95, frame: 0.90, followUp: 0.90, falseAccepts: 0.05),
        Split(file: "test5", minCases: 300, minHistory: 200, minOutOfScope: 50, tool: 0.95, frame: 0.90, followUp: 0.90, falseAccepts: 0.05),
        Split(file: "test6", minCases: 300, minHistory: 200, minOutOfScope: 50, tool: 0.95, frame: 0.90, followUp: 0.90, falseAccepts: 0.05),
        Split(file: "test7", minCases: 300, minHistory: 200, minOutOfScope: 50, tool: 0.95, frame: 0.90, followUp: 0.90, falseAccepts: 0.05),
    ]

    @Test("each held-out split meets its floors", arguments: splits)
    func heldOut(_ split: Split) throws {
        let cases = try Evaluation.load(Fixtures.resources.root.appendingPathComponent("Tests/Eval/\(split.file).jsonl"))
        #expect(cases.count >= split.minCases)
        #expect(cases.filter { !$0.history.isEmpty }.count >= split.minHistory)
        #expect(cases.filter { $0.tool == nil }.count >= split.minOutOfScope)
        Self.expect(Evaluation.run(cases, environment: try Fixtures.environment()), tool: split.tool, frame: split.frame,
                    followUp: split.followUp, falseAccepts: split.falseAccepts)
    }

    /// One split's scores against its floors (and its false-accept ceiling).
    static func expect(_ report: EvalReport, tool: Double, frame: Double, followUp: Double, falseAccepts: Double) {
        #expect(report.toolAccuracy >= tool, "tool accuracy \(report.toolAccuracy)")
        #expect(report.frameExactMatch >= frame, "frame exact match \(report.frameExactMatch)")
        #expect(report.followUpFrameExactMatch >= followUp, "follow-up frame exact match \(report.followUpFrameExactMatch)")
        #expect(report.oosFalseAcceptRate <= falseAccepts, "out-of-scope false accepts \(report.oosFalseAcceptRate)")
    }

    @Test("tuning sets together: tool ≥ 0.97, frame ≥ 0.95, follow-up frame ≥ 0.95, out-of-scope false accepts ≤ 0.02")
    func tuning() throws {
        var cases: [EvalCase] = []
        for name in ["dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7", "dev8", "dev9", "dev10", "dev11", "dev12", "dev13"] {
            cases += try Evaluation.load(Fixtures.resources.root.appendingPathComponent("Tests/Eval/\(name).jsonl"))
        }
        #expect(cases.count >= 3300)
        let report = Evaluation.run(cases, environment: try Fixtures.environment())
        #expect(report.toolAccuracy >= 0.97, "tool accuracy \(report.toolAccuracy); misses: \(report.errors.prefix(10).map { "\($0.id) \($0.input)" })")
        #expect(report.frameExactMatch >= 0.95, "frame exact match \(report.frameExactMatch)")
        #expect(report.followUpFrameExactMatch >= 0.95, "follow-up frame exact match \(report.followUpFrameExactMatch)")
        #expect(report.oosFalseAcceptRate <= 0.02, "out-of-scope false accepts \(report.oosFalseAcceptRate)")
    }

    /// The newer tuning sets, written by blind writers (first measured at dev14 0.893 / 0.827 /
    /// 0.798, dev15 0.890 / 0.703 / 0.652, dev16 0.917 / 0.750 / 0.720, dev17 0.877 / 0.757 /
    /// 0.730, dev18 0.937 / 0.810 / 0.773, dev19 0.870 / 0.770 / 0.738, dev20 0.887 / 0.833 /
    /// 0.811, dev21 0.903 / 0.723 / 0.691, dev22 0.907 / 0.803 / 0.777, dev23 0.830 / 0.740 / 0.708,
    /// dev24 0.930 / 0.813 / 0.788, dev25 0.870 / 0.777 / 0.743, dev26 0.910 / 0.823 / 0.797, dev27 0.897 /
    /// 0.777 / 0.752, dev28 0.917 / 0.803 / 0.769, dev29 0.893 / 0.817 / 0.809, dev30 0.873 / 0.740 / 0.711,
    /// dev31 0.923 / 0.837 / 0.813, dev32 0.903 / 0.797 / 0.778, dev33 0.913 / 0.793 / 0.770, dev34 0.947 / 0.843 / 0.813,
    /// dev35 0.877 / 0.773 / 0.740, dev36 0.920 / 0.853 / 0.825, dev37 0.920 / 0.787 / 0.776, dev38 0.943 / 0.857 / 0.836,
    /// dev39 0.927 / 0.813 / 0.800, dev40 0.927 / 0.823 / 0.800, dev41 0.930 / 0.843 / 0.812, dev42 0.950 / 0.853 / 0.836,
/// dev43 0.960 / 0.867 / 0.852; now dev14+dev15 about 0.960 / 0.915 /
    /// 0.901 / 0.020, dev16+dev17 0.950 / 0.888 / 0.888 / 0.030, dev18+dev19 0.957 / 0.903 / 0.885 / 0.050,
    /// dev20+dev21 0.928 / 0.857 / 0.838 / 0.080, dev22+dev23 0.928 / 0.857 / 0.836 / 0.010,
    /// dev24+dev25 0.940 / 0.860 / 0.838 / 0.040, dev26+dev27 0.920 / 0.840 / 0.819 / 0.040, dev28+dev29
    /// 0.925 / 0.863 / 0.849 / 0.098, dev30+dev31 0.932 / 0.832 / 0.810 / 0.030, dev32+dev33 0.945 / 0.873 / 0.853 / 0.010,
    /// dev34+dev35 0.957 / 0.887 / 0.864 / 0.040, dev36+dev37 0.975 / 0.935 / 0.924 / 0.020,
    /// dev38+dev39 0.967 / 0.925 / 0.912 / 0.020, dev40+dev41 0.963 / 0.912 / 0.894 / 0.040,
/// dev42+dev43 0.967 / 0.903 / 0.892 / 0.020): held to what they
    /// measure now, a little under,
    /// until they reach the older sets' level.
    /// Tuning sets gated together, with their floors and false-accept ceiling.
    struct TuningGate: Sendable, CustomStringConvertible {
        let sets: [String]
        let tool: Double, frame: Double, followUp: Double, falseAccepts: Double
        var description: String { sets.joined(separator: "+") + ": tool ≥ \(tool), frame ≥ \(frame), follow-up frame ≥ \(followUp), false accepts ≤ \(falseAccepts)" }
    }

    static let newerTuningGates = [
        TuningGate(sets: ["dev14", "dev15"], tool: 0.95, frame: 0.90, followUp: 0.88, falseAccepts: 0.05),
        TuningGate(sets: ["dev16", "dev17"], tool: 0.93, frame: 0.86, followUp: 0.86, falseAccepts: 0.06),
        TuningGate(sets: ["dev18", "dev19"], tool: 0.94, frame: 0.88, followUp: 0.86, falseAccepts: 0.06),
        TuningGate(sets: ["dev20", "dev21"], tool: 0.91, frame: 0.84, followUp: 0.82, falseAccepts: 0.10),
        TuningGate(sets: ["dev22", "dev23"], tool: 0.91, frame: 0.84, followUp: 0.82, falseAccepts: 0.05),
        TuningGate(sets: ["dev24", "dev25"], tool: 0.92, frame: 0.84, followUp: 0.82, falseAccepts: 0.06),
        TuningGate(sets: ["dev26", "dev27"], tool: 0.90, frame: 0.82, followUp: 0.80, falseAccepts: 0.06),
        TuningGate(sets: ["dev28", "dev29"], tool: 0.91, frame: 0.84, followUp: 0.83, falseAccepts: 0.12),
        TuningGate(sets: ["dev30", "dev31"], tool: 0.91, frame: 0.81, followUp: 0.79, falseAccepts: 0.05),
        TuningGate(sets: ["dev32", "dev33"], tool: 0.92, frame: 0.83, followUp: 0.81, falseAccepts: 0.04),
        TuningGate(sets: ["dev34", "dev35"], tool: 0.94, frame: 0.86, followUp: 0.84, falseAccepts: 0.06),
        TuningGate(sets: ["dev36", "dev37"], tool: 0.95, frame: 0.90, followUp: 0.89, falseAccepts: 0.04),
        TuningGate(sets: ["dev38", "dev39"], tool: 0.95, frame: 0.91, followUp: 0.90, falseAccepts: 0.04),
        TuningGate(sets: ["dev40", "dev41"], tool: 0.95, frame: 0.90, followUp: 0.88, falseAccepts: 0.05),
        TuningGate(sets: ["dev42", "dev43"], tool: 0.95, frame: 0.90, followUp: 0.88, falseAccepts: 0.04),
        TuningGate(sets: ["dev44", "dev45"], tool: 0.95, frame: 0.87, followUp: 0.86, falseAccepts: 0.05),
    ]

    @Test("newer tuning sets", arguments: newerTuningGates)
    func newerTuning(_ gate: TuningGate) throws {
        var cases: [EvalCase] = []
        for name in gate.sets {
            cases += try Evaluation.load(Fixtures.resources.root.appendingPathComponent("Tests/Eval/\(name).jsonl"))
        }
        #expect(cases.count >= 600)
        Self.expect(Evaluation.run(cases, environment: try Fixtures.environment()), tool: gate.tool, frame: gate.frame, followUp: gate.followUp, falseAccepts: gate.falseAccepts)
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
