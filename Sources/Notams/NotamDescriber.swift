import Foundation

/// Plain text for the chat: the decoded Q-code in words, times, and the NOTAM text.
public enum NotamDescriber {
    /// `22 Nov 2026 10:00Z` — compact and unambiguous for pilots.
    static func time(_ d: Date) -> String {
        let iso = UTCTime.iso(d)  // 2026-11-22T10:00:00Z
        let parts = Array(iso.utf8)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = Int(String(decoding: parts[5...6], as: UTF8.self)) ?? 1
        return "\(String(decoding: parts[8...9], as: UTF8.self)) \(months[month - 1]) \(String(decoding: parts[0...3], as: UTF8.self)) \(String(decoding: parts[11...15], as: UTF8.self))Z"
    }

    /// Validity in words, e.g. `from 22 Nov 2026 10:00Z until 23 Nov 2026 18:00Z (estimated)`.
    public static func validity(_ n: Notam) -> String {
        var s = "from \(time(n.from))"
        if n.permanent { s += ", permanent" } else if let to = n.to {
            s += " until \(time(to))" + (n.toEstimated ? " (estimated)" : "")
        } else { s += ", no end given" }
        if let d = n.schedule { s += "; in force only on schedule: \(d)" }
        return s
    }

    /// Several lines: header, decoded meaning, validity, limits, text.
    public static func describe(_ n: Notam) -> String {
        var header = "\(n.id) \(n.locations.joined(separator: " "))"
        switch n.type {
        case .new: break
        case .replace: header += " (replaces \(n.replaces ?? "an earlier notam"))"
        case .cancel: header += " (cancels \(n.cancels ?? "an earlier notam"))"
        }
        if let part = n.part { header += " part \(part.index) of \(part.of)" }
        var lines = [header]
        let subject = n.subjectMeaning ?? (n.subject.map { "unknown subject \($0)" } ?? "unknown subject")
        let condition = n.conditionMeaning ?? (n.condition.map { "unknown condition \($0)" } ?? "unknown condition")
        lines.append("\(subject): \(condition) [\(n.category ?? "unknown category")]")
        lines.append(validity(n))
        if let f = n.limitLower, let g = n.limitUpper { lines.append("vertical limits \(f) to \(g)") }
        lines.append(n.text)
        return lines.joined(separator: "\n")
    }

    /// A summary of what changed since the previous briefing.
    public static func describe(_ diff: BriefingDiff) -> String {
        var lines: [String] = []
        func list(_ label: String, _ ids: [String]) {
            guard !ids.isEmpty else { return }
            lines.append("\(ids.count) \(label): \(ids.joined(separator: ", "))")
        }
        list("new", diff.new)
        if !diff.replaced.isEmpty {
            let pairs = diff.replaced.sorted { $0.key < $1.key }.map { "\($0.key) replaces \($0.value)" }
            lines.append("\(pairs.count) replaced: \(pairs.joined(separator: ", "))")
        }
        list("changed (same id, new start time or content)", diff.changed)
        list("cancelled", diff.cancelled)
        list("gone", diff.gone)
        if !diff.unchanged.isEmpty { lines.append("\(diff.unchanged.count) unchanged") }
        if lines.isEmpty { lines.append("no change since the previous briefing") }
        lines += diff.warnings.map { "warning: \($0)" }
        return lines.joined(separator: "\n")
    }

    /// Grouped list: one heading per category, one short line per NOTAM.
    public static func describe(_ groups: [NotamGroup]) -> String {
        guard !groups.isEmpty else { return "no matching notam" }
        return groups.map { group in
            let items = group.notams.map { n -> String in
                let what = [n.subjectMeaning, n.conditionMeaning].compactMap { $0 }.joined(separator: " ")
                return "- \(n.id) \(n.locations.first ?? "") \(what.isEmpty ? "" : "(\(what)) ")\(validity(n)): \(TextTools.collapse(n.text))"
            }
            return "\(group.category) (\(group.notams.count))\n" + items.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }
}
