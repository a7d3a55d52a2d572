import Foundation

/// What changed between two briefings of the same flight.
///
/// Lists hold NOTAM ids (a multi-part NOTAM appears once). Encodes to
/// `{"new","unchanged","gone","replaced","cancelled","changed","warnings"}`.
public struct BriefingDiff: Sendable, Encodable, Equatable {
    /// In the current briefing only (not a replacement of a previous NOTAM).
    public var new: [String]
    /// Same identity and same content (whitespace ignored).
    public var unchanged: [String]
    /// In the previous briefing, absent now, and neither replaced nor cancelled.
    public var gone: [String]
    /// New id → the previous id it replaces (NOTAMR).
    public var replaced: [String: String]
    /// Ids cancelled by a NOTAMC of the current briefing.
    public var cancelled: [String]
    /// Same id but a different identity (e.g. new start time) or different content.
    public var changed: [String]
    /// E.g. "the current briefing is empty".
    public var warnings: [String]
    /// NOTAMs of the current briefing that could not be read: never counted as gone.
    public var errors: [NotamParseIssue]

    public init(new: [String] = [], unchanged: [String] = [], gone: [String] = [], replaced: [String: String] = [:],
                cancelled: [String] = [], changed: [String] = [], warnings: [String] = [], errors: [NotamParseIssue] = []) {
        self.new = new; self.unchanged = unchanged; self.gone = gone; self.replaced = replaced
        self.cancelled = cancelled; self.changed = changed; self.warnings = warnings; self.errors = errors
    }

    /// Ids a pilot has not seen before: new, replacements and changed.
    public var attentionIDs: Set<String> { Set(new).union(replaced.keys).union(changed) }

    enum CodingKeys: String, CodingKey { case new, unchanged, gone, replaced, cancelled, changed, warnings, errors }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(new, forKey: .new)
        try c.encode(unchanged, forKey: .unchanged)
        try c.encode(gone, forKey: .gone)
        try c.encode(replaced, forKey: .replaced)
        try c.encode(cancelled, forKey: .cancelled)
        try c.encode(changed, forKey: .changed)
        try c.encode(warnings, forKey: .warnings)
        try c.encode(errors, forKey: .errors)
    }
}

/// Compares two briefings by NOTAM identity in linear time (hash maps only).
public enum BriefingComparer {
    /// The difference from `previous` to `current`.
    ///
    /// An empty `current` never reports everything as gone: it returns a warning instead.
    /// - Parameter unreadable: NOTAMs of the current briefing that could not be read. They are
    ///   listed in `errors`; a previous NOTAM with the same id is not gone, and when an unreadable
    ///   one has no readable id no previous NOTAM can be called gone at all.
    public static func compare(previous: [Notam], current: [Notam], unreadable: [NotamParseIssue] = []) -> BriefingDiff {
        var diff = BriefingDiff(errors: unreadable)
        if current.isEmpty {
            if !previous.isEmpty {
                diff.warnings.append("the new briefing has no notams (empty or failed update): the previous \(previous.count) notams are kept and none is reported as gone")
            }
            return diff
        }
        var previousByKey: [String: Notam] = [:]
        previousByKey.reserveCapacity(previous.count)
        var previousIDs = Set<String>()
        for n in previous {
            let key = n.identity.key
            if previousByKey[key] != nil { diff.warnings.append("notam \(n.id) appears twice in the previous briefing") }
            previousByKey[key] = n
            previousIDs.insert(n.id)
        }

        // Ids of the previous briefing that are accounted for (still there, replaced, cancelled, changed).
        var accounted = Set<String>()
        var newIDs = OrderedIDs(), unchanged = OrderedIDs(), changed = OrderedIDs(), cancelled = OrderedIDs()
        var currentKeys = Set<String>()
        for n in current {
            let key = n.identity.key
            currentKeys.insert(key)
            if n.type == .cancel {
                if let ref = n.cancels {
                    cancelled.append(ref)
                    accounted.insert(ref)
                } else {
                    diff.warnings.append("notam \(n.id) is a cancellation without the id it cancels")
                }
                continue
            }
            if let old = previousByKey[key] {
                accounted.insert(n.id)
                if old.contentFingerprint == n.contentFingerprint { unchanged.append(n.id) } else { changed.append(n.id) }
                continue
            }
            if n.type == .replace, let ref = n.replaces, previousIDs.contains(ref) {
                diff.replaced[n.id] = ref
                accounted.insert(ref)
                continue
            }
            if previousIDs.contains(n.id) {
                // Same id, different identity: new start time, code or location.
                changed.append(n.id)
                accounted.insert(n.id)
                continue
            }
            newIDs.append(n.id)
        }
        var gone = OrderedIDs(), unsure = OrderedIDs()
        let unreadableIDs = Set(unreadable.compactMap(\.notamID))
        let unidentified = unreadable.contains { $0.notamID == nil }
        for n in previous where !accounted.contains(n.id) && !currentKeys.contains(n.identity.key) {
            if unreadableIDs.contains(n.id) { continue }
            if unidentified { unsure.append(n.id) } else { gone.append(n.id) }
        }
        if !unsure.ids.isEmpty {
            diff.warnings.append("\(unsure.ids.count) notam(s) of the previous briefing (\(unsure.ids.joined(separator: ", "))) are not in the readable part of the new one, but some of it could not be read: they are not reported as gone")
        }
        // A multi-part NOTAM with one part changed is "changed", not also "unchanged".
        let changedSet = Set(changed.ids)
        diff.unchanged = unchanged.ids.filter { !changedSet.contains($0) }
        diff.changed = changed.ids
        diff.new = newIDs.ids.filter { !changedSet.contains($0) }
        diff.cancelled = cancelled.ids
        diff.gone = gone.ids
        if !previous.isEmpty && diff.unchanged.isEmpty && diff.replaced.isEmpty && diff.changed.isEmpty
            && current.count < previous.count / 2 {
            diff.warnings.append("no notam of the previous briefing is left: check that the new briefing covers the same route")
        }
        return diff
    }

    /// Ids in first-seen order without duplicates.
    struct OrderedIDs {
        private(set) var ids: [String] = []
        private var seen = Set<String>()
        mutating func append(_ id: String) { if seen.insert(id).inserted { ids.append(id) } }
    }
}
