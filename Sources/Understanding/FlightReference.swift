import Foundation

/// The recognizer for flights named in a question: the name a briefing was imported under
/// ("G-ONE", "EGTF-LFMD", "alps"), wherever the pilot put it: "notams for EGLL on flight G-ONE",
/// "back to the EHLE-EKRK flight pls", "go back to SP-KAM", "briefing of SP-KAM".
public enum FlightReference {
    /// Words after "flight" that are chatter or grammar, never a flight's name ("flight pls").
    static let notNames: Set<String> = ["please", "pls", "plz", "thanks", "thx", "again", "now", "then", "instead", "too", "also", "is", "was",
                                        "and", "or", "the", "a", "to", "from", "for", "with", "of", "in", "on", "briefing", "notams", "changes",
                                        "plan", "i", "we", "it", "that", "this", "as"]

    /// The flight named with a preposition before "flight" ("on flight G-ONE", "use flight X"),
    /// or in "make X the current flight" / "set current flight to X"; nil otherwise. This is the
    /// strict reading, for questions about something else that may name a flight (NOTAMs at an airport).
    public static func named(in text: String) -> String? {
        let patterns = [
            #"\b(?:on|for|of|in|use|select|to|work\s+on)\s+(?:the\s+|my\s+)?flight\s+(?:named\s+|called\s+)?["']?([^\s"'?!,]+)"#,
            #"\bmake\s+(?:flight\s+)?["']?([^\s"'?!,]+)["']?\s+(?:the\s+)?current(?:\s+flight)?"#,
            #"\b(?:current\s+flight|change\s+flight)\s+to\s+["']?([^\s"'?!,]+)"#,
        ]
        for p in patterns {
            if let m = PlanningText.first(p, in: text), let name = clean(m[1]) { return name }
        }
        return nil
    }

    /// Any flight the turn names, for the tools whose subject is a flight (selecting one, its
    /// briefing changes, importing a briefing for it): the strict reading first, then the word
    /// after the last "flight", then "the X flight", then a registration or a two-code route
    /// written alone ("go back to SP-KAM", "diff for EHLE-EKRK"). A path's letters are never a flight.
    public static func mentioned(in text: String) -> String? {
        if let n = named(in: text) { return n }
        let unpathed = text.split(separator: " ").filter { !($0.contains("/") && ($0.contains(".") || $0.hasPrefix("~") || $0.hasPrefix("/"))) }.joined(separator: " ")
        for m in PlanningText.all(#"\bflight\s+["']?([^\s"'?!,]+)"#, in: unpathed).reversed() {
            if let name = clean(m[1]) { return name }
        }
        if let m = PlanningText.first(#"\b(?:the|my|our|that)\s+["']?([^\s"'?!,]+)["']?\s+flight\b"#, in: unpathed), let name = clean(m[1]),
           name.contains(where: { $0.isNumber || $0 == "-" }) || name == name.uppercased() {
            return name
        }
        if let r = PlanningIntents.registration(in: unpathed) { return r }
        if let m = PlanningText.first(#"(?<![\w/.~-])([A-Za-z]{4}-[A-Za-z]{4})(?![\w/.-])"#, in: unpathed) { return m[1]?.uppercased() }
        // "EXAM-07", "SAT-MORNING": a name in capitals joined by a dash, the way flights are named.
        if let m = PlanningText.first(#"(?<![\w/.~-])([A-Z][A-Z0-9]+(?:-[A-Z0-9]+)+)(?![\w/.-])"#, in: unpathed, caseSensitive: true) { return m[1] }
        return nil
    }

    /// A candidate name without trailing punctuation, or nil when it is chatter.
    static func clean(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let name = raw.trimmingCharacters(in: CharacterSet(charactersIn: ".:;"))
        guard !name.isEmpty, !notNames.contains(name.lowercased()) else { return nil }
        return name
    }
}
