import AirportData
import Foundation

/// Stage 5, dialogue: turns that change the last frame although their words alone would start
/// another question, and questions about a pasted report.
///
/// - "oh and the empty weight is 1680 lb", "sorry, 1485 lb": a turn for the tool just used that
///   opens like a follow-up continues that frame;
/// - "put Haugesund in between Stavanger and Bergen", "skip Gap": a stop added to or taken out of
///   the last route edits it, whatever tool "between A and B" suggests;
/// - "any cb this afternoon?", "what's the cloud base again?": weather words right after a pasted
///   METAR or TAF ask about that report;
/// - a strong keyword phrase of another tool ("weight and balance") is a new question, never the
///   answer to a pending one.
extension KeywordFallbackBackend {
    /// "oh and the empty weight is 1680 lb" after a save: a turn for the tool just used that opens like
    /// a follow-up and names no place or country adds to that frame instead of starting a new one.
    func continuesLast(_ turn: TurnReading, _ c: inout Classification, _ context: ConversationContext) {
        guard !c.isFollowUp, let tool = c.tool, tool == context.lastTool, !context.lastArguments.isEmpty, opensAsFollowUp(turn) else { return }
        let e = turn.entities
        guard e.locationCount == 0, e.countries.isEmpty, e.notamIDs.isEmpty, !e.hasNotamText,
              let carried = followUp(tool, context.lastArguments, turn.text, e) else { return }
        c.arguments = carried
        c.isFollowUp = true
        c.trace.append("continues the last \(tool) question")
    }

    /// "put Haugesund in between Stavanger and Bergen", "skip Gap" after a nav log: a turn that
    /// adds a stop to the last route or takes one out edits that route, whatever other tool its
    /// words ("between A and B") suggest.
    /// The route is the latest one asked ("navlog: insert LFGA between EDFE and LFSB" after a customs
    /// question came between), unless the turn is that same tool's new question with a route of its own.
    func editsRoute(_ turn: TurnReading, _ c: inout Classification, _ context: ConversationContext) {
        guard turn.entities.words.contains(where: Self.routeEditVerbs.contains),
              let tool = context.frameOrder.reversed().first(where: { (context.frames[$0]?["waypoints"]?.arrayValue?.count ?? 0) >= 2 }),
              let frame = context.frames[tool], let old = frame["waypoints"]?.arrayValue else { return }
        if c.tool == tool, c.isFollowUp { return }
        // A route asked before the last question is edited only when the turn names that tool or one of its stops.
        if tool != context.lastTool, c.tool != tool {
            let stops = old.compactMap(\.stringValue).map { " " + TextNormalizer.fold($0) + " " }
            guard stops.contains(where: turn.padded.contains) else { return }
        }
        guard let edited = followUp(tool, frame, turn.text, turn.entities),
              let new = edited["waypoints"]?.arrayValue, new != old else { return }
        let which = tool == context.lastTool ? "the last route" : "the \(tool) route asked before"
        c = Classification(tool: tool, arguments: edited, confidence: 0.8, isFollowUp: true, trace: c.trace + ["edits \(which) → \(tool)"])
    }

    /// Verbs that add a stop to a route or take one out ("stick Pau in after LFBZ", "slot EBKT in").
    static let routeEditVerbs: Set<String> = ["put", "add", "insert", "include", "drop", "skip", "remove", "omit", "cut", "scrap", "bypass",
                                              "stick", "slot", "squeeze", "pop", "throw", "fit", "tack", "plug"]

    /// The decoder and frame of a report pasted in the last two questions when the turn asks about
    /// its weather ("any cb this afternoon?", "what's the cloud base again?") and names no other place
    /// and no other tool; a TAF when the turn speaks of a later time and both were pasted.
    func reportAskedAbout(_ paddedFolded: String, _ e: Entities, _ context: ConversationContext) -> (String, Arguments)? {
        guard lexicon.hasCue("report_questions", in: paddedFolded), lexicon.contentWords(e.words).count <= 12, e.notamIDs.isEmpty, !e.hasNotamText,
              // "how do thunderstorms form" asks for knowledge, not about the report.
              lexicon.knowledgeOpener(e.words) == nil, lexicon.techniqueOpener(e.words) == nil else { return nil }
        // A request the report cannot answer stays declined ("is it raining there right now?", "rain radar"):
        // only an out-of-scope cue that is itself a weather word of the report is excused.
        if let cue = lexicon.outOfScopeCue(e.words), !(lexicon.dialogue["report_questions"] ?? []).contains(cue) { return nil }
        let recent = context.frameOrder.suffix(2).reversed().filter { ["decode_taf", "decode_metar"].contains($0) }
        guard var tool = recent.first, let report = context.frames[tool]?["report"]?.stringValue else { return nil }
        let later = [" afternoon ", " tonight ", " later ", " tomorrow ", " when we ", " around ", " by ", " until ", " evening ", " morning "].contains(where: paddedFolded.contains)
        if later, tool == "decode_metar", recent.contains("decode_taf") { tool = "decode_taf" }
        let station = ConversationContext.reportStation(report)
        let places = (e.airportCodes + [e.place, e.subject].compactMap { $0 }).filter { $0.uppercased() != station }
        guard places.isEmpty, !namesAnotherTool(paddedFolded, besides: tool), let frame = context.frames[tool] else { return nil }
        return (tool, frame)
    }

    /// True when the turn opens the way a follow-up does, after an interjection: "oh and the empty
    /// weight is …", "sorry, 1485 lb", "ok also the arm" (the lexicon's openers and corrections).
    func opensAsFollowUp(_ turn: TurnReading) -> Bool {
        ["openers", "corrections"].contains { lexicon.opensWithCue($0, turn.opening) }
    }

    /// The padded folded turn without the interjections it opens with ("oh and the gusts …" → " and the gusts …").
    static func withoutInterjections(_ paddedFolded: String) -> String {
        var words = paddedFolded.split(separator: " ").map(String.init)
        while let w = words.first, words.count > 1, ["oh", "ah", "hmm", "ok", "okay", "right", "so", "well", "um", "erm", "yes", "yeah"].contains(w) { words.removeFirst() }
        // "I'm sorry, I was wrong", "my apologies, it was 2 hours": an apology opens a correction as "sorry" does.
        // (The fold drops the apostrophe: "I'm" is "im".)
        if words.count > 3, words[0] == "i", words[1] == "am", words[2] == "sorry" { words.removeFirst(2) }
        else if words.count > 2, words[0] == "im", words[1] == "sorry" { words.removeFirst() }
        else if words.count > 2, words[0] == "my", words[1] == "apologies" { words.removeFirst(2); words.insert("sorry", at: 0) }
        else if words.count > 1, words[0] == "apologies" { words[0] = "sorry" }
        return " " + words.joined(separator: " ") + " "
    }

    /// True when the turn holds a strong keyword phrase of a tool other than `tool` (weight 5 and
    /// more: "weight and balance", "density altitude"): a new question, not an answer to `tool`'s.
    func namesAnotherTool(_ paddedFolded: String, besides tool: String) -> Bool {
        catalog.tools.contains { t in
            t.name != tool && t.intent.keywords.contains { k, w in w >= 5 && k.contains(" ") && paddedFolded.contains(" \(k) ") }
        }
    }
}
