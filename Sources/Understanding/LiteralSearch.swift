import AirportData

/// Literal substring search for the cue and phrase checks of understanding.
///
/// Understanding asks hundreds of times a turn whether a padded phrase (" same for ") occurs in the
/// padded, folded turn. Foundation's `contains(_:)` answers by bridging both strings to `NSString`
/// on Linux, and those calls took about half of each turn's time (`flyfun bench`, `understand_turn`,
/// profiled with `perf`). This overload is chosen instead for every `String.contains(String)` in this
/// module (a non-generic method wins over Foundation's generic one), with the same answer: Foundation
/// compares literally, and a byte match in UTF-8 is a literal match, since no character's bytes
/// begin in the middle of another's.
extension String {
    /// Whether `other` occurs in this string, compared literally. Like Foundation's, an empty
    /// `other` is never found.
    func contains(_ other: String) -> Bool {
        guard !other.isEmpty, other.utf8.count <= utf8.count else { return false }
        var haystack = self, needle = other
        return haystack.withUTF8 { h in needle.withUTF8 { n in ByteSearch.contains(h, n) } }
    }
}
